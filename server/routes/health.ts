import { Hono } from "hono";
import { type DB, ping } from "../db/database.js";

/** Liveness and readiness: 200 when the database answers, 503 otherwise. */
export function healthRoutes(db: DB) {
  const app = new Hono();
  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await Promise.race([ping(db), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3_000))]);
      return c.json({ status: "ok", database: "ok" });
    } catch {
      return c.json({ status: "unavailable", database: "unreachable", message: "The database is not reachable" }, 503);
    }
  });
  return app;
}

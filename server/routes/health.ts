import { Hono } from "hono";
import { type DB, ping } from "../db/database.js";

const TIMEOUT_MS = 3_000;

/** Liveness and readiness: 200 when the database answers within 3 s, 503 otherwise. */
export function healthRoutes(db: DB) {
  const app = new Hono();
  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(db),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS);
        }),
      ]);
      return c.json({ status: "ok", database: "ok" });
    } catch {
      return c.json({ status: "unavailable", database: "unreachable", message: "The database is not reachable" }, 503);
    } finally {
      clearTimeout(timer);
    }
  });
  return app;
}

import { Hono } from "hono";
import { type DB, ping } from "../db/database.js";
import { ERRORS } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { messageOf } from "../http/errors.js";
import { type ReadinessDeps, readiness } from "../readiness.js";

const TIMEOUT_MS = 3_000;

/**
 * Liveness (`/healthz`: 200 when the database answers within 3 s, 503 otherwise) and readiness
 * (`/readyz`, decision 011: the database, its migrations and Redis; 503 naming what fails, and
 * while the process stops).
 */
export function healthRoutes(db: DB, ready: Omit<ReadinessDeps, "db">) {
  const app = new Hono<AppEnv>();
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
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    const state = await readiness({ db, ...ready });
    if (state.ready) return c.json({ status: "ready", checks: state.checks });
    const body = state.stopping
      ? { message: messageOf(c, "shuttingDown"), code: ERRORS.shuttingDown.code, failing: ["shutdown"] }
      : { message: messageOf(c, "notReady", { parts: state.failing.join(", ") }), code: ERRORS.notReady.code, failing: state.failing };
    return c.json({ status: "unavailable", ...body, checks: state.checks }, 503);
  });
  return app;
}

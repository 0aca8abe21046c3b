import { Hono } from "hono";
import { requestDataExport, takeDataExport } from "../account/data-export.js";
import type { Auth } from "../auth/auth.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import type { AppEnv } from "../http/context.js";

/** "Download my data": the request from the account page, and the mailed link that hands the archive out once. */
export function dataExportRoutes(deps: { auth: Auth; db: DB; dataExports?: { wake(): void } }) {
  const app = new Hono<AppEnv & SessionEnv>();

  app.post("/api/account/data-export", requireSession(deps.auth), async (c) => {
    const { session } = c.var;
    await requestDataExport(deps.db, { userId: session.user.id, language: c.var.lang, requestedBy: null });
    deps.dataExports?.wake();
    return c.json({ ok: true as const, email: session.user.email }, 202);
  });

  // The link is the proof, as with a password reset: it works once, until it expires, without a session.
  app.get("/api/data-export/:token", async (c) => {
    const { archive, createdAt } = await takeDataExport(deps.db, c.req.param("token"));
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", "application/json; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="my-data-${createdAt.toISOString().slice(0, 10)}.json"`);
    return c.body(archive);
  });

  return app;
}

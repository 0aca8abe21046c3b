import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { registerAppBody } from "../../core/api/oauth.js";
import type { Auth } from "../auth/auth.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { consentRequestOf, listApps } from "../oauth/clients.js";
import { disconnectApp, listConnectedApps } from "../oauth/grants.js";
import { requireOperator } from "../operator/access.js";
import { registerApp, setAppDisabled } from "../operator/apps.js";

type Ctx = { var: { session: SessionEnv["Variables"]["session"]; clientIp: string } };
const actorOf = (c: Ctx) => ({ id: c.var.session.user.id, email: c.var.session.user.email, clientIp: c.var.clientIp });
const scopeQuery = z.object({ scope: z.string().max(1000).optional() });

/**
 * Apps that sign in with the authorization server (docs/decisions/091): the console's register,
 * list, turn off and on (operators only, audited); the consent page's view of an authorization; the
 * security page's connected apps of the signed-in user, each disconnected at once.
 */
export function oauthAppRoutes(deps: { auth: Auth; db: DB; secret: string }) {
  const { db } = deps;
  const audit = { db, secret: deps.secret };
  const session = requireSession(deps.auth);
  const operator = requireOperator({ db });
  const app = new Hono<AppEnv & SessionEnv>();
  const noStore: MiddlewareHandler = async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  };

  app.get("/api/admin/apps", session, operator, noStore, async (c) => c.json({ items: await listApps(db) }));
  app.post("/api/admin/apps", session, operator, noStore, async (c) => {
    const body = await readBody(c, registerAppBody, "invalidApp");
    return c.json(await registerApp(audit, actorOf(c), body), 201);
  });
  app.post("/api/admin/apps/:clientId/disable", session, operator, async (c) => {
    await setAppDisabled(audit, actorOf(c), c.req.param("clientId"), true);
    return c.json({ ok: true as const });
  });
  app.post("/api/admin/apps/:clientId/enable", session, operator, async (c) => {
    await setAppDisabled(audit, actorOf(c), c.req.param("clientId"), false);
    return c.json({ ok: true as const });
  });

  app.get("/api/account/consent/:clientId", session, noStore, async (c) => {
    const parsed = scopeQuery.safeParse(c.req.query());
    if (!parsed.success) throw new AppError("badRequest");
    return c.json(await consentRequestOf(db, c.req.param("clientId"), parsed.data.scope));
  });

  app.get("/api/account/connected-apps", session, noStore, async (c) =>
    c.json({ items: await listConnectedApps(db, c.var.session.user.id) }),
  );
  // Only the caller's own access: another user's app is simply not connected for them.
  app.post("/api/account/connected-apps/:clientId/disconnect", session, async (c) => {
    if (!(await disconnectApp(db, c.var.session.user.id, c.req.param("clientId")))) throw new AppError("connectedAppNotFound");
    return c.json({ ok: true as const });
  });
  return app;
}

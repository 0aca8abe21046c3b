import { Hono } from "hono";
import { createApiKeyBody } from "../../core/api/api-keys.js";
import { createApiKey, type KeyActor, type KeyOwner, listApiKeys, revokeApiKey } from "../api-v1/api-keys.js";
import type { Auth } from "../auth/auth.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { readBody } from "../http/json-body.js";
import { requireOperator } from "../operator/access.js";
import { type TeamEnv, teamGuard } from "../teams/team-guard.js";

type Ctx = { var: { session: SessionEnv["Variables"]["session"]; clientIp: string } };
const actorOf = (c: Ctx, operator = false): KeyActor => ({
  id: c.var.session.user.id,
  email: c.var.session.user.email,
  clientIp: c.var.clientIp,
  operator,
});

/**
 * API keys (docs/decisions/094): a user's personal keys on the account, a team's keys for its
 * admins, and the operator's view of both with revocation. Every creation and revocation is audited.
 */
export function apiKeyRoutes(deps: { auth: Auth; db: DB; secret: string }) {
  const { auth, db } = deps;
  const keys = { db, secret: deps.secret };
  const session = requireSession(auth);
  const teamAdmin = teamGuard(db, { organization: ["update"] });
  const operator = requireOperator({ db });
  const app = new Hono<TeamEnv>();
  const personal = (c: Ctx): KeyOwner => ({ kind: "user", userId: c.var.session.user.id });

  app.get("/api/account/api-keys", session, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ items: await listApiKeys(db, personal(c)) });
  });
  app.post("/api/account/api-keys", session, async (c) => {
    const body = await readBody(c, createApiKeyBody, "invalidApiKey");
    c.header("Cache-Control", "no-store");
    return c.json(await createApiKey(keys, actorOf(c), personal(c), body), 201);
  });
  app.post("/api/account/api-keys/:keyId/revoke", session, async (c) => {
    await revokeApiKey(keys, actorOf(c), personal(c), c.req.param("keyId"));
    return c.json({ ok: true as const });
  });

  const teamOwner = (c: { var: TeamEnv["Variables"] }): KeyOwner => ({ kind: "team", organizationId: c.var.membership.organizationId });
  app.get("/api/teams/:teamId/api-keys", session, teamAdmin, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ items: await listApiKeys(db, teamOwner(c)) });
  });
  app.post("/api/teams/:teamId/api-keys", session, teamAdmin, async (c) => {
    const body = await readBody(c, createApiKeyBody, "invalidApiKey");
    c.header("Cache-Control", "no-store");
    return c.json(await createApiKey(keys, actorOf(c), teamOwner(c), body), 201);
  });
  app.post("/api/teams/:teamId/api-keys/:keyId/revoke", session, teamAdmin, async (c) => {
    await revokeApiKey(keys, actorOf(c), teamOwner(c), c.req.param("keyId"));
    return c.json({ ok: true as const });
  });

  app.get("/api/admin/users/:userId/api-keys", session, operator, async (c) =>
    c.json({ items: await listApiKeys(db, { kind: "user", userId: c.req.param("userId") }) }),
  );
  app.get("/api/admin/teams/:teamId/api-keys", session, operator, async (c) =>
    c.json({ items: await listApiKeys(db, { kind: "team", organizationId: c.req.param("teamId") }) }),
  );
  app.post("/api/admin/api-keys/:keyId/revoke", session, operator, async (c) => {
    await revokeApiKey(keys, actorOf(c, true), null, c.req.param("keyId"));
    return c.json({ ok: true as const });
  });
  return app;
}

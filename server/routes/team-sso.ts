import { Hono } from "hono";
import { oidcConnectionBody, SCIM_BASE_PATH, samlConnectionBody, ssoStateBody } from "../../core/api/sso.js";
import type { Auth } from "../auth/auth.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { startConnectionTest, testResult } from "../enterprise/connection-test.js";
import {
  type AdminChange,
  type ConnectionDeps,
  connectionForAddress,
  createOidcConnection,
  createSamlConnection,
  deleteConnection,
  setConnectionState,
  ssoSettings,
} from "../enterprise/connections.js";
import { managingTeam } from "../enterprise/managed-accounts.js";
import { createScimToken, listScimTokens, revokeScimToken } from "../enterprise/scim/tokens.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { requestLanguage } from "../i18n.js";
import { type TeamEnv, teamGuard } from "../teams/team-guard.js";

/**
 * A team's enterprise connections and its directory's provisioning tokens (its admins, on the
 * "Single sign-on" tab), and whether an address signs in through a connection.
 */
export function teamSsoRoutes(deps: {
  auth: Auth;
  db: DB;
  baseUrl: string;
  authSecret: string;
  mailDomain: string;
  outbox?: { wake(): void };
}) {
  const { auth, db } = deps;
  const connections: ConnectionDeps = { ...deps };
  // The connections are the domains' business: the same permission as the team's domains.
  const manage = teamGuard(db, { domain: ["manage"] });
  const change = (c: { req: { param(name: string): string | undefined }; var: TeamEnv["Variables"] }): AdminChange => ({
    organizationId: c.req.param("teamId") ?? "",
    actor: { id: c.var.session.user.id, email: c.var.session.user.email, clientIp: c.var.clientIp },
  });
  const app = new Hono<TeamEnv>();

  app.get("/api/teams/:teamId/sso", requireSession(auth), manage, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await ssoSettings(connections, c.req.param("teamId")));
  });

  app.post("/api/teams/:teamId/sso/oidc", requireSession(auth), manage, async (c) => {
    const input = await readBody(c, oidcConnectionBody, "ssoInvalidConnection");
    return c.json(await createOidcConnection(connections, change(c), input), 201);
  });

  app.post("/api/teams/:teamId/sso/saml", requireSession(auth), manage, async (c) => {
    const input = await readBody(c, samlConnectionBody, "ssoInvalidConnection");
    return c.json(await createSamlConnection(connections, change(c), input), 201);
  });

  app.post("/api/teams/:teamId/sso/:connectionId/state", requireSession(auth), manage, async (c) => {
    const { state } = await readBody(c, ssoStateBody, "ssoInvalidConnection");
    const lang = requestLanguage(c.req.raw.headers);
    return c.json(await setConnectionState(connections, change(c), { connectionId: c.req.param("connectionId"), state, lang }));
  });

  app.post("/api/teams/:teamId/sso/:connectionId/delete", requireSession(auth), manage, async (c) => {
    await deleteConnection(connections, change(c), c.req.param("connectionId"));
    return c.json({ ok: true as const });
  });

  // A test of a connection: the admin's new tab goes to the provider; its return signs nobody in.
  app.post("/api/teams/:teamId/sso/:connectionId/test", requireSession(auth), manage, async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = requestLanguage(c.req.raw.headers);
    return c.json(await startConnectionTest(connections, change(c), { connectionId: c.req.param("connectionId"), lang }));
  });

  app.get("/api/teams/:teamId/sso/tests/:testId", requireSession(auth), manage, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await testResult(db, c.req.param("teamId"), c.req.param("testId")));
  });

  // Provisioning tokens for the team's directory (SCIM): the token is shown once, in the creation's answer.
  const tokens = { db, secret: deps.authSecret };
  app.get("/api/teams/:teamId/scim-tokens", requireSession(auth), manage, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ baseUrl: `${deps.baseUrl}${SCIM_BASE_PATH}`, items: await listScimTokens(db, c.req.param("teamId")) });
  });

  app.post("/api/teams/:teamId/scim-tokens", requireSession(auth), manage, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await createScimToken(tokens, change(c)), 201);
  });

  app.post("/api/teams/:teamId/scim-tokens/:tokenId/revoke", requireSession(auth), manage, async (c) => {
    await revokeScimToken(tokens, change(c), c.req.param("tokenId"));
    return c.json({ ok: true as const });
  });

  return app;
}

/** For the profile page: the team whose identity provider manages the account (its name, address and password). */
export function managedAccountRoutes(deps: { auth: Auth; db: DB }) {
  const app = new Hono<AppEnv & SessionEnv>();
  app.get("/api/account/managed", requireSession(deps.auth), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ team: (await managingTeam(deps.db, c.var.session.user.id))?.name ?? null });
  });
  return app;
}

/** For the sign-in page: whether the typed address's domain signs in through an open connection, and whether only so. */
export function ssoLookupRoutes(db: DB) {
  const app = new Hono<AppEnv>();
  app.get("/api/sso/lookup", async (c) => {
    c.header("Cache-Control", "no-store");
    const email = (c.req.query("email") ?? "").trim().toLowerCase().slice(0, 320);
    const found = email.includes("@") ? await connectionForAddress(db, email) : undefined;
    return c.json({ sso: found !== undefined, enforced: found?.state === "enforced" });
  });
  return app;
}

import { Hono } from "hono";
import { addDomainBody, domainCodeBody, domainCodeRequestBody, enrollmentBody } from "../../core/api/teams.js";
import type { EmailRules } from "../access/email-rules.js";
import type { Auth } from "../auth/auth.js";
import { requireSession } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { readBody } from "../http/json-body.js";
import type { SendMail } from "../mail/transport.js";
import {
  addDomain,
  type DomainDeps,
  decideRequest,
  joinByDomain,
  listDomains,
  pendingRequests,
  removeDomain,
  requestToJoin,
  sendDomainCode,
  setEnrollment,
  suggestionsFor,
  verifyDomain,
} from "../teams/domains.js";
import type { QuotaConfig } from "../teams/roster.js";
import { type TeamEnv, teamGuard } from "../teams/team-guard.js";

/** A team's verified domains, its membership requests, and the teams offered to a user through their address's domain. */
export function teamDomainRoutes(deps: { auth: Auth; db: DB; config: QuotaConfig; rules: EmailRules; sendMail: SendMail }) {
  const { auth, db } = deps;
  const domains: DomainDeps = { db, config: deps.config, rules: deps.rules, sendMail: deps.sendMail };
  const manage = teamGuard(db, { domain: ["manage"] });
  const requests = teamGuard(db, { request: ["manage"] });
  const ids = (c: { req: { param(name: string): string | undefined } }) => ({
    organizationId: c.req.param("teamId") ?? "",
    domainId: c.req.param("domainId") ?? "",
  });
  const app = new Hono<TeamEnv>();

  app.get("/api/teams/:teamId/domains", requireSession(auth), manage, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listDomains(db, c.req.param("teamId")));
  });

  app.post("/api/teams/:teamId/domains", requireSession(auth), manage, async (c) => {
    const { domain } = await readBody(c, addDomainBody, "invalidDomain");
    return c.json(await addDomain(domains, { organizationId: c.req.param("teamId"), domain }), 201);
  });

  app.post("/api/teams/:teamId/domains/:domainId/code", requireSession(auth), manage, async (c) => {
    const { email } = await readBody(c, domainCodeRequestBody, "domainAddress");
    await sendDomainCode(domains, { ...ids(c), email, lang: c.var.lang });
    return c.json({ ok: true as const });
  });

  app.post("/api/teams/:teamId/domains/:domainId/verify", requireSession(auth), manage, async (c) => {
    const { code } = await readBody(c, domainCodeBody, "domainCode");
    return c.json(await verifyDomain(domains, { ...ids(c), code }));
  });

  app.post("/api/teams/:teamId/domains/:domainId/enrollment", requireSession(auth), manage, async (c) => {
    const { mode } = await readBody(c, enrollmentBody, "invalidEnrollment");
    return c.json(await setEnrollment(db, { ...ids(c), mode }));
  });

  app.post("/api/teams/:teamId/domains/:domainId/delete", requireSession(auth), manage, async (c) => {
    await removeDomain(db, ids(c));
    return c.json({ ok: true as const });
  });

  app.get("/api/teams/:teamId/requests", requireSession(auth), requests, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await pendingRequests(db, c.req.param("teamId")));
  });

  app.post("/api/teams/:teamId/requests/:requestId/approve", requireSession(auth), requests, async (c) => {
    const input = { organizationId: c.req.param("teamId"), requestId: c.req.param("requestId"), adminId: c.var.session.user.id };
    await decideRequest(domains, { ...input, approve: true });
    return c.json({ ok: true as const });
  });

  app.post("/api/teams/:teamId/requests/:requestId/reject", requireSession(auth), requests, async (c) => {
    const input = { organizationId: c.req.param("teamId"), requestId: c.req.param("requestId"), adminId: c.var.session.user.id };
    await decideRequest(domains, { ...input, approve: false });
    return c.json({ ok: true as const });
  });

  app.get("/api/team-suggestions", requireSession(auth), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await suggestionsFor(db, c.var.session.user.id));
  });

  app.post("/api/team-suggestions/:teamId/join", requireSession(auth), async (c) => {
    await joinByDomain(domains, { userId: c.var.session.user.id, organizationId: c.req.param("teamId") });
    return c.json({ ok: true as const });
  });

  app.post("/api/team-suggestions/:teamId/request", requireSession(auth), async (c) => {
    await requestToJoin(db, { userId: c.var.session.user.id, organizationId: c.req.param("teamId") });
    return c.json({ ok: true as const });
  });

  return app;
}

import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  banBody,
  complimentaryBody,
  contactRequestChangeBody,
  deleteUserBody,
  revokeSessionsBody,
  transferAdminBody,
} from "../../core/api/operator.js";
import {
  CONTACT_STATES,
  isDayRange,
  SEARCH_MAX,
  SORT_DIRECTIONS,
  SUBSCRIPTION_STATUSES,
  TEAM_SORTS,
  USER_FILTERS,
  USER_SORTS,
} from "../../core/operator.js";
import { listDataExports } from "../account/data-export.js";
import type { Auth } from "../auth/auth.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { setConnectionDisabled, teamConnections } from "../enterprise/connections.js";
import { AppError, type ErrorCode } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { requireOperator } from "../operator/access.js";
import { type AuditActor, listAudit } from "../operator/audit-log.js";
import { endComplimentaryPlan, grantComplimentaryPlan } from "../operator/complimentary-plans.js";
import { exportContactRequests, listContactRequests, retryContactMails, setContactState } from "../operator/contact-requests.js";
import { startImpersonation, stopImpersonation } from "../operator/impersonation.js";
import { enterImpersonation, keptOperatorSession, leaveImpersonation } from "../operator/impersonation-cookies.js";
import { dailyFigures, overview } from "../operator/overview.js";
import { listSubscriptions, subscriptionFigures } from "../operator/subscriptions.js";
import { listTeams, removeTeamMember, revokeTeamInvitation, teamDetail, transferTeamAdmin } from "../operator/teams.js";
import { deleteUser, requestExportFor, resendVerification } from "../operator/user-lifecycle.js";
import { banUser, listUsers, revokeUserSessions, unbanUser, userDetail, userLabel } from "../operator/users.js";
import type { QuotaConfig } from "../teams/roster.js";

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const userQuery = z.object({
  q: z.string().max(SEARCH_MAX).optional(),
  page,
  sort: z.enum(USER_SORTS).optional(),
  dir: z.enum(SORT_DIRECTIONS).optional(),
  status: z.enum(USER_FILTERS.status).optional(),
  plan: z.enum(USER_FILTERS.plan).optional(),
  subscription: z.enum(SUBSCRIPTION_STATUSES).optional(),
  createdFrom: z.string().max(100).optional(),
  createdTo: z.string().max(100).optional(),
});
const dailyQuery = z.object({ days: z.enum(["30", "90"]).default("30") });
const teamQuery = z.object({
  q: z.string().max(SEARCH_MAX).optional(),
  page,
  sort: z.enum(TEAM_SORTS).optional(),
  dir: z.enum(SORT_DIRECTIONS).optional(),
});

function parse<T>(schema: z.ZodType<T>, value: unknown, error: ErrorCode = "badRequest"): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError(error);
  return parsed.data;
}

/** The operator console's API: every route for operators only; each change records itself in the audit log (docs/decisions/087). */
export function operatorRoutes(deps: {
  auth: Auth;
  db: DB;
  secret: string;
  /** The site's address: a SAML connection's addresses are shown with it. */
  baseUrl: string;
  /** The member limits, shown with a team's billing state. */
  quotas: QuotaConfig;
  outbox?: { wake(): void };
  /** The worker that prepares data exports. */
  dataExports?: { wake(): void };
  /** The provider's dashboard address of a subscription, "{id}" replaced; null when the provider has none. */
  stripeDashboard: string | null;
}) {
  const app = new Hono<AppEnv & SessionEnv>();
  const operator = requireOperator(deps);
  const session = requireSession(deps.auth);
  const actor = (c: { var: { session: SessionEnv["Variables"]["session"]; clientIp: string } }): AuditActor & { id: string } => ({
    id: c.var.session.user.id,
    email: c.var.session.user.email,
    clientIp: c.var.clientIp,
  });

  // Marked as needing a session, so a visitor gets 401 before anything reads the body; then the role.
  app.use("/api/admin/*", session, operator, async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });

  app.get("/api/admin/overview", async (c) => c.json(await overview(deps.db)));

  app.get("/api/admin/overview/daily", async (c) => {
    const { days } = parse(dailyQuery, c.req.query());
    return c.json(await dailyFigures(deps.db, days === "90" ? 90 : 30));
  });

  app.get("/api/admin/users", async (c) => {
    const query = parse(userQuery, c.req.query());
    if (!isDayRange(query.createdFrom || undefined, query.createdTo || undefined)) throw new AppError("invalidDateRange");
    return c.json(await listUsers(deps.db, query));
  });

  app.get("/api/admin/users/:userId", async (c) => c.json(await userDetail(deps.db, c.req.param("userId") as string)));

  app.post("/api/admin/users/:userId/ban", async (c) => {
    const body = await readBody(c, banBody, "invalidBan");
    await banUser(deps, actor(c), c.req.param("userId") as string, {
      reason: body.reason,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    });
    return c.json({ ok: true as const });
  });

  app.post("/api/admin/users/:userId/unban", async (c) => {
    await unbanUser(deps, actor(c), c.req.param("userId") as string);
    return c.json({ ok: true as const });
  });

  app.post("/api/admin/users/:userId/sessions/revoke", async (c) => {
    const { sessionId } = await readBody(c, revokeSessionsBody);
    return c.json({ revoked: await revokeUserSessions(deps, actor(c), c.req.param("userId") as string, sessionId) });
  });

  app.post("/api/admin/users/:userId/verification", async (c) => {
    await resendVerification(deps, actor(c), c.req.param("userId") as string);
    return c.json({ ok: true as const });
  });

  app.post("/api/admin/users/:userId/delete", async (c) => {
    const { confirmation } = await readBody(c, deleteUserBody, "deleteUserConfirmation");
    await deleteUser(deps, actor(c), c.req.param("userId") as string, confirmation);
    return c.json({ ok: true as const });
  });

  app.post("/api/admin/users/:userId/complimentary", async (c) => {
    const body = await readBody(c, complimentaryBody, "invalidComplimentary");
    await grantComplimentaryPlan(deps, actor(c), c.req.param("userId") as string, body.endsAt ? new Date(body.endsAt) : null);
    return c.json({ ok: true as const });
  });

  app.post("/api/admin/users/:userId/complimentary/end", async (c) => {
    await endComplimentaryPlan(deps, actor(c), c.req.param("userId") as string);
    return c.json({ ok: true as const });
  });

  // The browser turns into the user's for at most an hour (docs/decisions/080); the operator's own session is kept aside.
  app.post("/api/admin/users/:userId/impersonate", async (c) => {
    const { token } = await startImpersonation(deps, actor(c), c.req.param("userId") as string);
    await enterImpersonation(c, deps.auth, c.var.session.session.token, token);
    return c.json({ ok: true as const });
  });

  // Outside /api/admin/*: the session asking is the impersonation's, never an operator's.
  app.post("/api/impersonation/stop", requireSession(deps.auth), async (c) => {
    const current = c.var.session;
    const impersonatedBy = (current.session as { impersonatedBy?: string | null }).impersonatedBy;
    if (!impersonatedBy) throw new AppError("notImpersonating");
    const kept = await keptOperatorSession(c, deps.auth);
    const own = await stopImpersonation(
      deps,
      { token: current.session.token, impersonatedBy, user: current.user, clientIp: c.var.clientIp },
      kept?.token ?? null,
    );
    await leaveImpersonation(c, deps.auth, own && kept ? { token: own.token, remembered: kept.remembered } : null);
    return c.json({ userId: current.user.id, operatorSignedIn: Boolean(own) });
  });

  app.get("/api/admin/audit-log", async (c) => {
    const query = parse(z.object({ page, target: z.string().max(200).optional() }), c.req.query());
    return c.json(await listAudit(deps.db, { page: query.page, targetId: query.target }));
  });

  app.get("/api/admin/subscriptions", async (c) => {
    const query = parse(
      z.object({ status: z.enum(SUBSCRIPTION_STATUSES).optional(), trialsEnding: z.enum(["1"]).optional(), page }),
      c.req.query(),
    );
    const [list, figures] = await Promise.all([
      listSubscriptions(deps.db, { status: query.status, trialsEnding: query.trialsEnding === "1", page: query.page }),
      subscriptionFigures(deps.db),
    ]);
    return c.json({ ...list, figures, stripeDashboard: deps.stripeDashboard });
  });

  app.get("/api/admin/contact-requests", async (c) => {
    const query = parse(
      z.object({ q: z.string().max(SEARCH_MAX).optional(), state: z.enum(CONTACT_STATES).optional(), page }),
      c.req.query(),
    );
    return c.json(await listContactRequests(deps.db, query));
  });

  // The same file as `npm run contacts -- export --format csv`.
  app.get("/api/admin/contact-requests/export.csv", async (c) => {
    const csv = await exportContactRequests(deps, actor(c));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="contact-requests-${new Date().toISOString().slice(0, 10)}.csv"`);
    return c.body(csv);
  });

  app.post("/api/admin/contact-requests/:requestId", async (c) => {
    const change = await readBody(c, contactRequestChangeBody);
    await setContactState(deps, actor(c), c.req.param("requestId") as string, change);
    return c.json({ ok: true as const });
  });

  app.post("/api/admin/contact-requests/:requestId/retry", async (c) => {
    const retried = await retryContactMails(deps, actor(c), c.req.param("requestId") as string);
    if (retried > 0) deps.outbox?.wake();
    return c.json({ retried });
  });

  app.get("/api/admin/users/:userId/exports", async (c) => {
    const userId = c.req.param("userId") as string;
    if (!(await userLabel(deps.db, userId))) throw new AppError("notFound");
    return c.json({ items: await listDataExports(deps.db, userId) });
  });

  // The user's right of access exercised for them (e.g. asked for by letter): the link goes to the user's own address.
  app.post("/api/admin/users/:userId/exports", async (c) => {
    await requestExportFor(deps, actor(c), c.req.param("userId") as string);
    deps.dataExports?.wake();
    return c.json({ ok: true as const }, 202);
  });

  app.get("/api/admin/teams", async (c) => c.json(await listTeams(deps.db, parse(teamQuery, c.req.query()))));

  app.get("/api/admin/teams/:teamId", async (c) => {
    const teamId = c.req.param("teamId") as string;
    return c.json({
      ...(await teamDetail(deps.db, deps.quotas, teamId)),
      connections: await teamConnections(deps.db, teamId, deps.baseUrl),
    });
  });

  // Team changes follow the team's own rules (last admin, who pays: decisions 063 and 069).
  app.post("/api/admin/teams/:teamId/members/:memberId/remove", async (c) => {
    await removeTeamMember(deps, actor(c), c.req.param("teamId") as string, c.req.param("memberId") as string);
    return c.json({ ok: true as const });
  });

  app.post("/api/admin/teams/:teamId/invitations/:invitationId/revoke", async (c) => {
    await revokeTeamInvitation(deps, actor(c), c.req.param("teamId") as string, c.req.param("invitationId") as string);
    return c.json({ ok: true as const });
  });

  app.post("/api/admin/teams/:teamId/transfer-admin", async (c) => {
    await transferTeamAdmin(deps, actor(c), c.req.param("teamId") as string, await readBody(c, transferAdminBody));
    return c.json({ ok: true as const });
  });

  // Single sign-on: an operator switches a team's connection off, or on again; audited with the team.
  const connectionSwitch = (disabled: boolean) => async (c: Context<AppEnv & SessionEnv>) => {
    const input = { organizationId: c.req.param("teamId") as string, connectionId: c.req.param("connectionId") as string, disabled };
    await setConnectionDisabled(deps, actor(c), input);
    return c.json({ ok: true as const });
  };
  app.post("/api/admin/teams/:teamId/sso/:connectionId/disable", connectionSwitch(true));
  app.post("/api/admin/teams/:teamId/sso/:connectionId/enable", connectionSwitch(false));

  return app;
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { addMember, as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { days, json, type Smtp, sendLocalEvent, signedInUser, subscriptionObject, type TestUser } from "./billing-support.js";

/** Every console route with a body that would be valid for an operator. */
const ROUTES = (userId: string) => [
  { method: "GET", path: "/api/admin/overview" },
  { method: "GET", path: "/api/admin/users" },
  { method: "GET", path: `/api/admin/users/${userId}` },
  { method: "POST", path: `/api/admin/users/${userId}/ban`, body: { reason: "spam" } },
  { method: "POST", path: `/api/admin/users/${userId}/unban`, body: {} },
  { method: "POST", path: `/api/admin/users/${userId}/sessions/revoke`, body: {} },
  { method: "GET", path: "/api/admin/audit-log" },
  { method: "GET", path: "/api/admin/contact-requests" },
  { method: "GET", path: "/api/admin/subscriptions" },
  { method: "GET", path: "/api/admin/contact-requests/export.csv" },
  { method: "POST", path: "/api/admin/contact-requests/some-id", body: { state: "spam" } },
  { method: "POST", path: "/api/admin/contact-requests/some-id/retry", body: {} },
  { method: "POST", path: `/api/admin/users/${userId}/impersonate`, body: {} },
  { method: "POST", path: `/api/admin/users/${userId}/verification`, body: {} },
  { method: "POST", path: `/api/admin/users/${userId}/delete`, body: { confirmation: "x" } },
  { method: "POST", path: `/api/admin/users/${userId}/complimentary`, body: {} },
  { method: "POST", path: `/api/admin/users/${userId}/complimentary/end`, body: {} },
  { method: "GET", path: `/api/admin/users/${userId}/exports` },
  { method: "POST", path: `/api/admin/users/${userId}/exports`, body: {} },
  { method: "GET", path: "/api/admin/teams" },
  { method: "GET", path: "/api/admin/teams/some-team" },
  { method: "POST", path: "/api/admin/teams/some-team/members/some-member/remove", body: {} },
  { method: "POST", path: "/api/admin/teams/some-team/invitations/some-invitation/revoke", body: {} },
  { method: "POST", path: "/api/admin/teams/some-team/transfer-admin", body: { fromMemberId: "a", toMemberId: "b" } },
  { method: "GET", path: "/api/admin/overview/daily?days=90" },
];

describe.each(DATABASE_KINDS)("the operator console's API on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let operator: TestUser;
  let user: TestUser;
  let teamAdmin: TestUser;

  const call = (actor: TestUser | null, route: { method: string; path: string; body?: unknown }, headers: Record<string, string> = {}) =>
    server.fetch(
      route.path,
      route.body === undefined ? { method: route.method, headers: as(actor, headers) } : json(route.body, as(actor, headers)),
    );

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    operator = await signedInUser(server, smtp, "Olga Operator");
    await setOperatorRole(server.db, operator.email, true);
    user = await signedInUser(server, smtp, "Ulla User");
    teamAdmin = await signedInUser(server, smtp, "Tom Teamadmin");
    await subscribePro(server, teamAdmin, "Talent Scouts");
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(teamAdmin) })).json();
    await addMember(server, teamAdmin, user, teams.items[0].id);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("answers a visitor 401 whatever the body, and a user or a team admin 403, changing nothing", async () => {
    for (const route of ROUTES(user.id)) {
      for (const body of [undefined, "{not json", route.body]) {
        const res = await server.fetch(route.path, {
          method: route.method,
          headers: { "content-type": "application/json" },
          body: route.method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body ?? {}),
        });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
      }
      for (const actor of [user, teamAdmin]) {
        const res = await call(actor, route, { "x-language": "de" });
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        expect(await res.json()).toEqual({ code: "operator_only", message: "Nur Betreiber können die Konsole verwenden." });
      }
    }
    const banned = await server.db.selectFrom("user").select("banned").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(banned.banned).toBeFalsy();
    expect(await server.db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("keeps the identity library's own admin routes closed to everyone, operators included", async () => {
    for (const path of [
      "/api/auth/admin/ban-user",
      "/api/auth/admin/set-role",
      "/api/auth/admin/list-users",
      "/api/auth/admin/impersonate-user",
    ]) {
      const res = await server.fetch(path, json({ userId: user.id, role: "admin" }, as(operator)));
      expect(res.status, path).toBe(404);
    }
  });

  it("finds users by part of the address or name, or by id, with filters, sorting and pages", async () => {
    const byName = await (await call(operator, { method: "GET", path: "/api/admin/users?q=ulla" })).json();
    expect(byName.items.map((u: { email: string }) => u.email)).toEqual([user.email]);
    const byAddress = await (await call(operator, { method: "GET", path: `/api/admin/users?q=${user.email.slice(5, 15)}` })).json();
    expect(byAddress.items.map((u: { id: string }) => u.id)).toEqual([user.id]);
    const byId = await (await call(operator, { method: "GET", path: `/api/admin/users?q=${teamAdmin.id}` })).json();
    expect(byId.items.map((u: { id: string }) => u.id)).toEqual([teamAdmin.id]);
    const sorted = await (await call(operator, { method: "GET", path: "/api/admin/users?sort=name&dir=asc" })).json();
    expect(sorted.items.map((u: { name: string }) => u.name)).toEqual(["Olga Operator", "Tom Teamadmin", "Ulla User"]);
    expect(sorted).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(sorted.items[0]).toMatchObject({ operator: true, banned: false, emailVerified: true });
    const pro = await (await call(operator, { method: "GET", path: "/api/admin/users?plan=pro" })).json();
    expect(pro.items.map((u: { id: string }) => u.id)).toEqual([teamAdmin.id]);
    const empty = await (await call(operator, { method: "GET", path: "/api/admin/users?page=2" })).json();
    expect(empty).toMatchObject({ items: [], total: 3, page: 2 });
    const bad = await call(operator, { method: "GET", path: "/api/admin/users?sort=password" });
    expect(bad.status).toBe(400);
  });

  it("shows one user with sessions, teams and sign-in methods; an unknown id is 404", async () => {
    const res = await call(operator, { method: "GET", path: `/api/admin/users/${user.id}` });
    expect(res.status).toBe(200);
    const detail = await res.json();
    expect(detail).toMatchObject({ id: user.id, email: user.email, signInMethods: ["password"], banned: false });
    expect(detail.teams).toEqual([expect.objectContaining({ name: "Talent Scouts", role: "member" })]);
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(detail)).not.toContain(user.cookie.split("=")[1]?.split(".")[0]);
    expect((await call(operator, { method: "GET", path: "/api/admin/users/nobody" })).status).toBe(404);
  });

  it("bans a user: every session ends, sign-in is refused, and the ban is recorded; then lifts it", async () => {
    const invalid = await call(
      operator,
      { method: "POST", path: `/api/admin/users/${user.id}/ban`, body: { reason: " " } },
      { "x-language": "de" },
    );
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).code).toBe("invalid_ban");
    const past = await call(operator, {
      method: "POST",
      path: `/api/admin/users/${user.id}/ban`,
      body: { reason: "x", expiresAt: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);

    const ban = await call(operator, { method: "POST", path: `/api/admin/users/${user.id}/ban`, body: { reason: "Spam invitations" } });
    expect(ban.status).toBe(200);
    expect((await server.fetch("/api/auth/get-session", { headers: as(user) }).then((r) => r.json())) ?? null).toBeNull();
    const signIn = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: "correct horse battery" }));
    expect(signIn.status).toBe(403);
    expect((await signIn.json()).code).toBe("banned_user");

    const detail = await (await call(operator, { method: "GET", path: `/api/admin/users/${user.id}` })).json();
    expect(detail).toMatchObject({ banned: true, banReason: "Spam invitations", banExpires: null, sessions: [] });

    const self = await call(operator, { method: "POST", path: `/api/admin/users/${operator.id}/ban`, body: { reason: "x" } });
    expect(self.status).toBe(409);

    const unban = await call(operator, { method: "POST", path: `/api/admin/users/${user.id}/unban`, body: {} });
    expect(unban.status).toBe(200);
    const again = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: "correct horse battery" }));
    expect(again.status).toBe(200);
    user.cookie = (again.headers.get("set-cookie") ?? "").split(";")[0] as string;

    const log = await (await call(operator, { method: "GET", path: `/api/admin/audit-log?target=${user.id}` })).json();
    expect(log.items.map((e: { action: string; outcome: string }) => `${e.action}:${e.outcome}`)).toEqual([
      "user.unban:success",
      "user.ban:success",
    ]);
    expect(log.items[1]).toMatchObject({ actorEmail: operator.email, targetLabel: user.email, details: { reason: "Spam invitations" } });
    const stored = await server.db.selectFrom("audit_log").select("ipHash").executeTakeFirstOrThrow();
    expect(stored.ipHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signs one session or all sessions of a user out, and records a refused action as a failure", async () => {
    const detail = await (await call(operator, { method: "GET", path: `/api/admin/users/${teamAdmin.id}` })).json();
    const one = await call(operator, {
      method: "POST",
      path: `/api/admin/users/${teamAdmin.id}/sessions/revoke`,
      body: { sessionId: detail.sessions[0].id },
    });
    expect(await one.json()).toEqual({ revoked: 1 });
    expect(await (await server.fetch("/api/auth/get-session", { headers: as(teamAdmin) })).json()).toBeNull();
    const missing = await call(operator, {
      method: "POST",
      path: `/api/admin/users/${teamAdmin.id}/sessions/revoke`,
      body: { sessionId: "gone" },
    });
    expect(missing.status).toBe(404);
    const log = await (await call(operator, { method: "GET", path: `/api/admin/audit-log?target=${teamAdmin.id}` })).json();
    expect(log.items.map((e: { action: string; outcome: string }) => `${e.action}:${e.outcome}`)).toEqual([
      "user.session.revoke:failure",
      "user.session.revoke:success",
    ]);
  });

  it("takes a revoked operator role away at once, although the session still holds the old user", async () => {
    await setOperatorRole(server.db, operator.email, false);
    expect((await call(operator, { method: "GET", path: "/api/admin/overview" })).status).toBe(403);
    await setOperatorRole(server.db, operator.email, true);
    const overview = await (await call(operator, { method: "GET", path: "/api/admin/overview" })).json();
    expect(overview).toMatchObject({ users: 3, teams: 1 });
  });

  it("lists contact requests with their notification mails, marks one handled with a note, another as spam, and retries given-up mails", async () => {
    for (const [name, email, company] of [
      ["Grace Hopper", "grace@navy.example", "Navy"],
      ["Alan Turing", "alan@bletchley.example", "Bletchley"],
    ]) {
      expect((await server.fetch("/api/send-contact", json({ name, email, company }))).status).toBe(201);
    }
    const list = async (query = "") => (await call(operator, { method: "GET", path: `/api/admin/contact-requests${query}` })).json();
    await expect
      .poll(async () => (await list()).items.map((r: { mails: { sent: number } }) => r.mails.sent), { timeout: 15_000 })
      .toEqual([2, 2]);
    const grace = (await list("?q=navy")).items;
    expect(grace).toEqual([
      expect.objectContaining({ name: "Grace Hopper", state: "new", company: "Navy", mails: { sent: 2, waiting: 0, failed: 0 } }),
    ]);

    const handled = await call(operator, {
      method: "POST",
      path: `/api/admin/contact-requests/${grace[0].id}`,
      body: { state: "handled", note: "Called back" },
    });
    expect(handled.status).toBe(200);
    expect((await list("?state=handled")).items).toEqual([
      expect.objectContaining({ id: grace[0].id, state: "handled", note: "Called back", handledBy: operator.email }),
    ]);
    const alan = (await list("?q=turing")).items[0];
    await call(operator, { method: "POST", path: `/api/admin/contact-requests/${alan.id}`, body: { state: "spam" } });
    expect((await list("?state=spam")).items.map((r: { id: string }) => r.id)).toEqual([alan.id]);
    expect((await list("?state=new")).items).toEqual([]);
    await call(operator, { method: "POST", path: `/api/admin/contact-requests/${alan.id}`, body: { state: "new" } });
    const reopened = await server.db.selectFrom("contact_request").select("status").where("id", "=", alan.id).executeTakeFirstOrThrow();
    expect(reopened.status).toBe("notified");

    // A mail the outbox gave up on starts again.
    await server.db
      .updateTable("mail_outbox")
      .set({ sent_at: null, attempts: 25, last_error: "550 mailbox full" })
      .where("ref", "=", alan.id)
      .execute();
    expect((await list("?q=turing")).items[0].mails).toEqual({ sent: 0, waiting: 0, failed: 2 });
    const retry = await call(operator, { method: "POST", path: `/api/admin/contact-requests/${alan.id}/retry`, body: {} });
    expect(await retry.json()).toEqual({ retried: 2 });
    await expect.poll(async () => (await list("?q=turing")).items[0].mails.sent, { timeout: 15_000 }).toBe(2);

    const missing = await call(operator, { method: "POST", path: "/api/admin/contact-requests/nothing", body: { state: "spam" } });
    expect(missing.status).toBe(404);
    const invalid = await call(operator, { method: "POST", path: `/api/admin/contact-requests/${alan.id}`, body: { state: "archived" } });
    expect(invalid.status).toBe(400);

    const csv = await call(operator, { method: "GET", path: "/api/admin/contact-requests/export.csv" });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("id,created_at,status,name,email,company,message,language,mails_sent,mails_total");
    expect(lines).toHaveLength(3);
    const log = await (await call(operator, { method: "GET", path: "/api/admin/audit-log" })).json();
    expect(log.items.slice(0, 5).map((e: { action: string }) => e.action)).toEqual([
      "contact.export",
      "contact.retry",
      "contact.reopen",
      "contact.spam",
      "contact.handle",
    ]);
  });

  it("lists subscriptions by status and trials ending soon, with counts and the monthly revenue of the billed ones", async () => {
    const yearly = subscriptionObject({
      id: "sub_yearly",
      customer: "cus_yearly",
      userId: user.id,
      status: "active",
      periodEnd: days(365),
      price: { unitAmount: 24000, currency: "eur", interval: "year" },
    });
    expect((await sendLocalEvent(server, "customer.subscription.created", yearly)).status).toBe(200);
    const get = async (query = "") => (await call(operator, { method: "GET", path: `/api/admin/subscriptions${query}` })).json();
    const all = await get();
    expect(all.stripeDashboard).toBeNull();
    expect(all.figures.counts).toMatchObject({ trialing: 1, active: 1, canceled: 0 });
    // 240.00 a year is 20.00 a month; the trial (0.00 with the local provider) is not billed yet.
    expect(all.figures.monthlyRecurringRevenue).toEqual([{ currency: "eur", amount: 2000 }]);
    expect(all.items.map((s: { email: string }) => s.email).sort()).toEqual([teamAdmin.email, user.email].sort());
    const active = await get("?status=active");
    expect(active.items).toEqual([
      expect.objectContaining({
        id: "sub_yearly",
        status: "active",
        email: user.email,
        price: { unitAmount: 24000, currency: "eur", interval: "year", intervalCount: 1 },
      }),
    ]);
    // The pro trial started at sign-up ends in 30 days: not within 7, until it does.
    expect((await get("?trialsEnding=1")).total).toBe(0);
    await server.db
      .updateTable("billing_subscription")
      .set({ trial_end: days(3) })
      .where("user_id", "=", teamAdmin.id)
      .execute();
    const ending = await get("?trialsEnding=1");
    expect(ending.items.map((s: { email: string }) => s.email)).toEqual([teamAdmin.email]);
    expect(ending.figures.trialsEnding).toBe(1);
    expect((await call(operator, { method: "GET", path: "/api/admin/subscriptions?status=paused" })).status).toBe(400);
  });
});

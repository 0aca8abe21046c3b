import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { addMember, as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { wideLogoPng } from "../support/images.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

type Call = { method: string; path: string; body?: unknown };

describe.each(DATABASE_KINDS)("the operator console's teams on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let operator: TestUser;
  let payer: TestUser;
  let member: TestUser;
  let colleague: TestUser;
  let other: TestUser;
  let teamId: string;
  let memberId: string;
  let colleagueId: string;
  let payerMemberId: string;
  let invitationId: string;

  const call = (actor: TestUser | null, route: Call) =>
    server.fetch(route.path, route.body === undefined ? { method: route.method, headers: as(actor) } : json(route.body, as(actor)));
  const get = async (path: string) => (await call(operator, { method: "GET", path })).json();
  const roleOf = async (id: string) =>
    (await server.db.selectFrom("member").select("role").where("id", "=", id).executeTakeFirst())?.role ?? null;
  const auditOf = async () =>
    (await get(`/api/admin/audit-log?target=${teamId}`)).items.map((e: { action: string; outcome: string }) => `${e.action}:${e.outcome}`);

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    operator = await signedInUser(server, smtp, "Olga Operator");
    await setOperatorRole(server.db, operator.email, true);
    payer = await signedInUser(server, smtp, "Paula Payer");
    member = await signedInUser(server, smtp, "Max Member");
    colleague = await signedInUser(server, smtp, "Cora Colleague");
    other = await signedInUser(server, smtp, "Otto Other");
    await subscribePro(server, payer, "Talent Scouts");
    await subscribePro(server, other, "Northwind Hiring");
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(payer) })).json();
    teamId = teams.items[0].id;
    memberId = await addMember(server, payer, member, teamId);
    colleagueId = await addMember(server, payer, colleague, teamId, "admin");
    payerMemberId = (
      await server.db
        .selectFrom("member")
        .select("id")
        .where("userId", "=", payer.id)
        .where("organizationId", "=", teamId)
        .executeTakeFirstOrThrow()
    ).id;
    const invite = await server.fetch(
      "/api/auth/organization/invite-member",
      json({ email: "new-hire@example.com", role: "member", organizationId: teamId }, as(payer)),
    );
    invitationId = (await invite.json()).id;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("answers a visitor 401, a user and a team admin 403, changing nothing", async () => {
    const routes: Call[] = [
      { method: "GET", path: "/api/admin/teams" },
      { method: "GET", path: `/api/admin/teams/${teamId}` },
      { method: "POST", path: `/api/admin/teams/${teamId}/members/${memberId}/remove`, body: {} },
      { method: "POST", path: `/api/admin/teams/${teamId}/invitations/${invitationId}/revoke`, body: {} },
      { method: "POST", path: `/api/admin/teams/${teamId}/transfer-admin`, body: { fromMemberId: colleagueId, toMemberId: memberId } },
    ];
    for (const route of routes) {
      const visitor = await server.fetch(route.path, {
        method: route.method,
        headers: { "content-type": "application/json" },
        body: route.method === "GET" ? undefined : "{bad",
      });
      expect(visitor.status, route.path).toBe(401);
      for (const actor of [member, payer]) expect((await call(actor, route)).status, route.path).toBe(403);
    }
    expect(await roleOf(memberId)).toBe("member");
    expect(await roleOf(colleagueId)).toBe("admin");
    const invitation = await server.db.selectFrom("invitation").select("status").where("id", "=", invitationId).executeTakeFirstOrThrow();
    expect(invitation.status).toBe("pending");
    expect(await server.db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("lists teams with member counts and the payer's plan, found by part of the name or slug or by id, sorted and paged", async () => {
    // The console shows a team's logo wherever it shows the team.
    const upload = await server.fetch(`/api/teams/${teamId}/logo`, {
      method: "PUT",
      headers: as(payer, { "content-type": "image/png" }),
      body: new Uint8Array(await wideLogoPng()),
    });
    const { logo } = await upload.json();
    const all = await get("/api/admin/teams?sort=name");
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(all.items.map((t: { name: string }) => t.name)).toEqual(["Northwind Hiring", "Talent Scouts"]);
    expect(all.items[1]).toMatchObject({ id: teamId, memberCount: 3, plan: "pro", payerEmail: payer.email, logo });
    expect(all.items[0]).toMatchObject({ logo: null });
    expect(await get(`/api/admin/teams/${teamId}`)).toMatchObject({ logo });
    const byName = await get("/api/admin/teams?q=scout");
    expect(byName.items.map((t: { id: string }) => t.id)).toEqual([teamId]);
    const bySlug = await get("/api/admin/teams?q=northwind-hi");
    expect(bySlug.items.map((t: { name: string }) => t.name)).toEqual(["Northwind Hiring"]);
    const byId = await get(`/api/admin/teams?q=${teamId}`);
    expect(byId.items.map((t: { id: string }) => t.id)).toEqual([teamId]);
    const byMembers = await get("/api/admin/teams?sort=members&dir=desc");
    expect(byMembers.items.map((t: { memberCount: number }) => t.memberCount)).toEqual([3, 1]);
    expect(await get("/api/admin/teams?page=2")).toMatchObject({ items: [], total: 2, page: 2 });
    expect((await call(operator, { method: "GET", path: "/api/admin/teams?sort=secret" })).status).toBe(400);
  });

  it("shows a team's members, pending invitations, domains and billing; an unknown id is 404", async () => {
    const team = await get(`/api/admin/teams/${teamId}`);
    expect(team).toMatchObject({ id: teamId, name: "Talent Scouts", slug: "talent-scouts", domains: [] });
    expect(team.members.map((m: { email: string; role: string; pays: boolean }) => [m.email, m.role, m.pays])).toEqual([
      [payer.email, "admin", true],
      [member.email, "member", false],
      [colleague.email, "admin", false],
    ]);
    expect(team.invitations).toEqual([
      expect.objectContaining({ id: invitationId, email: "new-hire@example.com", role: "member", expired: false }),
    ]);
    expect(team.billing).toMatchObject({
      payer: { id: payer.id, email: payer.email },
      subscriptionStatus: "trialing",
      cancelAtPeriodEnd: false,
      seats: { used: 4, limit: 25 },
    });
    expect(team.billing.renewsOrEndsAt).toMatch(/^\d{4}-/);
    const missing = await call(operator, { method: "GET", path: "/api/admin/teams/nothing-here" });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBeTruthy();
  });

  it("transfers the admin role under the team's rules: the paying admin stays while the subscription runs", async () => {
    const refused = await call(operator, {
      method: "POST",
      path: `/api/admin/teams/${teamId}/transfer-admin`,
      body: { fromMemberId: payerMemberId, toMemberId: memberId },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("billing_owner_required");
    expect([await roleOf(payerMemberId), await roleOf(memberId)]).toEqual(["admin", "member"]);

    const notAdmin = await call(operator, {
      method: "POST",
      path: `/api/admin/teams/${teamId}/transfer-admin`,
      body: { fromMemberId: memberId, toMemberId: colleagueId },
    });
    expect(notAdmin.status).toBe(409);
    expect(
      (await call(operator, { method: "POST", path: `/api/admin/teams/${teamId}/transfer-admin`, body: { toMemberId: memberId } })).status,
    ).toBe(400);

    const done = await call(operator, {
      method: "POST",
      path: `/api/admin/teams/${teamId}/transfer-admin`,
      body: { fromMemberId: colleagueId, toMemberId: memberId },
    });
    expect(done.status).toBe(200);
    expect([await roleOf(colleagueId), await roleOf(memberId)]).toEqual(["member", "admin"]);
    const log = await get(`/api/admin/audit-log?target=${teamId}`);
    expect(log.items[0]).toMatchObject({
      action: "team.admin.transfer",
      outcome: "success",
      actorEmail: operator.email,
      targetType: "team",
      targetLabel: "Talent Scouts",
      details: { from: colleague.email, to: member.email },
    });
    expect(await auditOf()).toEqual(["team.admin.transfer:success", "team.admin.transfer:failure", "team.admin.transfer:failure"]);
  });

  it("removes a member, refuses to remove the paying admin, and revokes an invitation, recording each", async () => {
    const payerOut = await call(operator, { method: "POST", path: `/api/admin/teams/${teamId}/members/${payerMemberId}/remove` });
    expect(payerOut.status).toBe(409);
    expect(await roleOf(payerMemberId)).toBe("admin");

    const removed = await call(operator, { method: "POST", path: `/api/admin/teams/${teamId}/members/${colleagueId}/remove` });
    expect(removed.status).toBe(200);
    expect(await roleOf(colleagueId)).toBeNull();
    // The removed member's own team routes no longer open the team.
    expect((await server.fetch(`/api/teams/${teamId}`, { headers: as(colleague) })).status).toBe(404);
    const unknown = await call(operator, { method: "POST", path: `/api/admin/teams/${teamId}/members/nobody/remove` });
    expect(unknown.status).toBe(404);

    const revoked = await call(operator, { method: "POST", path: `/api/admin/teams/${teamId}/invitations/${invitationId}/revoke` });
    expect(revoked.status).toBe(200);
    const invitation = await server.db.selectFrom("invitation").select("status").where("id", "=", invitationId).executeTakeFirstOrThrow();
    expect(invitation.status).toBe("canceled");
    expect((await call(operator, { method: "POST", path: `/api/admin/teams/${teamId}/invitations/${invitationId}/revoke` })).status).toBe(
      404,
    );

    const log = await get(`/api/admin/audit-log?target=${teamId}`);
    expect(log.items.slice(0, 5).map((e: { action: string; outcome: string }) => `${e.action}:${e.outcome}`)).toEqual([
      "team.invitation.revoke:failure",
      "team.invitation.revoke:success",
      "team.member.remove:failure",
      "team.member.remove:success",
      "team.member.remove:failure",
    ]);
    expect(log.items[1].details).toMatchObject({ email: "new-hire@example.com" });
    expect(log.items[3].details).toMatchObject({ member: colleague.email });
  });
});

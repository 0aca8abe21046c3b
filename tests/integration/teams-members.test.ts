import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, as, dbSnapshot, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const ORG = "/api/auth/organization";

describe.each(DATABASE_KINDS)("a team's members, invitations and billing on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let admin: TestUser;
  let teamId: string;

  const body = async (res: Response) => (await res.json()) as Record<string, unknown>;
  const memberIdOf = async (user: TestUser) =>
    (
      await server.db
        .selectFrom("member")
        .select("id")
        .where("userId", "=", user.id)
        .where("organizationId", "=", teamId)
        .executeTakeFirstOrThrow()
    ).id;
  const linkIn = (text: string) => /https?:\/\/\S+\/teams\/invitations\/[\w-]+/.exec(text)?.[0] as string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // A small quota, so that filling the team takes a few invitations.
    server = await startTestServer(kind, { SMTP_URL: smtp.url, TEAM_MEMBER_QUOTA_PRO: "6", TEAM_MEMBER_QUOTA_INDIVIDUAL: "2" });
    admin = await signedInUser(server, smtp, "Ada Admin");
    await subscribePro(server, admin, "Scouts");
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(admin) })).json();
    teamId = teams.items[0].id;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("invites several addresses at once, each with its own result, and mails each invitation in the invitee's language", async () => {
    const ben = await signedInUser(server, smtp, "Ben Berger");
    const cleo = await signedInUser(server, smtp, "Cleo Colleague");
    const newcomer = `newcomer-${crypto.randomUUID()}@example.com`;
    const res = await server.fetch(
      `/api/teams/${teamId}/invitations`,
      json(
        { emails: `${ben.email}, ${cleo.email} not-an-address,${admin.email} ${ben.email.toUpperCase()};${newcomer}`, role: "member" },
        as(admin, { "x-language": "de" }),
      ),
    );
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { email: string; outcome: string; code?: string; message: string }[] };
    expect(results.map(({ email, outcome, code, message }) => ({ email, outcome, code, message }))).toEqual([
      { email: ben.email, outcome: "invited", code: undefined, message: "Einladung gesendet." },
      { email: cleo.email, outcome: "invited", code: undefined, message: "Einladung gesendet." },
      { email: "not-an-address", outcome: "invalid", code: "invalid_email", message: "Das ist keine gültige E-Mail-Adresse." },
      {
        email: admin.email,
        outcome: "already_member",
        code: "already_a_member_in_organization",
        message: "Diese Person ist bereits Mitglied des Teams.",
      },
      { email: newcomer, outcome: "invited", code: undefined, message: "Einladung gesendet." },
    ]);
    const again = await server.fetch(`/api/teams/${teamId}/invitations`, json({ emails: ben.email, role: "member" }, as(admin)));
    expect((await again.json()).results).toEqual([
      { email: ben.email, outcome: "already_invited", code: "already_invited", message: "This address has already been invited." },
    ]);

    // A German admin invites: Ben's account is English, so his mail is; an address without an
    // account gets the language of the page the invitation came from (docs/decisions/152).
    const mail = await smtp.waitFor(ben.email, (m) => m.subject.includes("Scouts"));
    expect(mail.subject).toBe("Ada Admin invited you to the team Scouts");
    const link = linkIn(mail.text);
    expect(link).toMatch(new RegExp(`^${server.url}/en/teams/invitations/`));
    const newcomerMail = await smtp.waitFor(newcomer, (m) => m.subject.includes("Scouts"));
    expect(newcomerMail.subject).toBe("Ada Admin hat Sie in das Team Scouts eingeladen");
    expect(linkIn(newcomerMail.text)).toMatch(new RegExp(`^${server.url}/de/teams/invitations/`));
    // Its seat is freed again for the quota's test below.
    const newcomerInvitation = linkIn(newcomerMail.text).split("/").pop() as string;
    await server.fetch(`/api/teams/${teamId}/invitations/${newcomerInvitation}/revoke`, { method: "POST", headers: as(admin) });
    const invitationId = link.split("/").pop() as string;

    // The invitee sees it, accepts it, and the team becomes their active one.
    const seen = await server.fetch(`${ORG}/get-invitation?id=${invitationId}`, { headers: as(ben) });
    expect(await seen.json()).toMatchObject({ organizationId: teamId, organizationName: "Scouts", role: "member" });
    const accept = await server.fetch(`${ORG}/accept-invitation`, json({ invitationId }, as(ben)));
    expect(accept.status).toBe(200);
    const session = await (await server.fetch("/api/auth/get-session", { headers: as(ben) })).json();
    expect(session.session.activeOrganizationId).toBe(teamId);
    expect(await memberIdOf(ben)).toBeTruthy();

    // The other declines: no membership, and the invitation is no longer pending.
    const cleoMail = await smtp.waitFor(cleo.email, (m) => m.subject.includes("Scouts"));
    const cleoInvitation = linkIn(cleoMail.text).split("/").pop() as string;
    expect((await server.fetch(`${ORG}/reject-invitation`, json({ invitationId: cleoInvitation }, as(cleo)))).status).toBe(200);
    const cleoRow = await server.db.selectFrom("invitation").select("status").where("id", "=", cleoInvitation).executeTakeFirstOrThrow();
    expect(cleoRow.status).toBe("rejected");
    expect(await server.db.selectFrom("member").select("id").where("userId", "=", cleo.id).execute()).toEqual([]);
  });

  it("lists pending invitations, resends one with a fresh expiry and a new mail, and revokes one so its link stops working", async () => {
    const dana = await signedInUser(server, smtp, "Dana Doe");
    await server.fetch(`/api/teams/${teamId}/invitations`, json({ emails: dana.email, role: "guest" }, as(admin)));
    const first = await smtp.waitFor(dana.email, (m) => m.subject.includes("Scouts"));
    const list = await (await server.fetch(`/api/teams/${teamId}/invitations`, { headers: as(admin) })).json();
    const row = list.items.find((i: { email: string }) => i.email === dana.email);
    expect(row).toMatchObject({ role: "guest", expired: false, inviterName: "Ada Admin" });
    const days = (new Date(row.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // Before sign-in, the link names the team, who invited and the address invited (docs/decisions/149).
    const preview = await server.fetch(`/api/invitations/${row.id}`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      teamName: "Scouts",
      inviterName: "Ada Admin",
      email: dana.email,
      role: "guest",
      expiresAt: new Date(row.expiresAt).toISOString(),
    });
    expect((await server.fetch("/api/invitations/not-an-invitation")).status).toBe(404);

    // An expired invitation cannot be accepted, and is shown as expired.
    await server.db
      .updateTable("invitation")
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where("id", "=", row.id)
      .execute();
    const late = await server.fetch(`${ORG}/accept-invitation`, json({ invitationId: row.id }, as(dana)));
    expect(late.status).toBe(404);
    expect((await body(late)).code).toBe("invitation_not_found");
    const lateLink = await server.fetch(`/api/invitations/${row.id}`, { headers: { "x-language": "de" } });
    expect(lateLink.status).toBe(404);
    expect(await body(lateLink)).toEqual({
      code: "invitation_not_found",
      message: "Diese Einladung gibt es nicht oder sie ist nicht mehr gültig.",
    });
    const expired = await (await server.fetch(`/api/teams/${teamId}/invitations`, { headers: as(admin) })).json();
    expect(expired.items.find((i: { id: string }) => i.id === row.id).expired).toBe(true);

    // Resending renews it for seven days and sends the mail again (in the resender's language).
    const resend = await server.fetch(`/api/teams/${teamId}/invitations/${row.id}/resend`, { method: "POST", headers: as(admin) });
    expect(resend.status).toBe(200);
    const second = await smtp.waitFor(
      dana.email,
      (m) => m.subject.includes("Scouts") && m.headers.get("message-id") !== first.headers.get("message-id"),
    );
    expect(second.subject).toBe("Ada Admin invited you to the team Scouts");
    expect(linkIn(second.text)).toBe(`${server.url}/en/teams/invitations/${row.id}`);

    // Revoked: the link answers "no longer valid".
    const revoke = await server.fetch(`/api/teams/${teamId}/invitations/${row.id}/revoke`, { method: "POST", headers: as(admin) });
    expect(revoke.status).toBe(200);
    const gone = await server.fetch(`${ORG}/get-invitation?id=${row.id}`, { headers: as(dana, { "x-language": "de" }) });
    expect(gone.status).toBe(404);
    expect((await server.fetch(`/api/invitations/${row.id}`)).status).toBe(404);
    expect(await body(gone)).toEqual({
      code: "invitation_not_found",
      message: "Diese Einladung gibt es nicht oder sie ist nicht mehr gültig.",
    });
    const again = await server.fetch(`/api/teams/${teamId}/invitations/${row.id}/revoke`, { method: "POST", headers: as(admin) });
    expect(again.status).toBe(404);
  });

  it("refuses invitations beyond the plan's member quota, counting open invitations", async () => {
    // Ada and Ben are members; the quota is 6.
    const fill = await server.fetch(
      `/api/teams/${teamId}/invitations`,
      json({ emails: "q1@example.com q2@example.com q3@example.com q4@example.com q5@example.com", role: "member" }, as(admin)),
    );
    const outcomes = (await fill.json()).results.map((r: { outcome: string; code?: string }) => [r.outcome, r.code]);
    expect(outcomes).toEqual([
      ["invited", undefined],
      ["invited", undefined],
      ["invited", undefined],
      ["invited", undefined],
      ["quota_exceeded", "organization_membership_quota_exceeded"],
    ]);
    const before = await dbSnapshot(server.db);
    const library = await server.fetch(
      `${ORG}/invite-member`,
      json({ email: "q6@example.com", role: "member", organizationId: teamId }, as(admin, { "x-language": "de" })),
    );
    expect(library.status).toBe(403);
    expect(await body(library)).toEqual({
      code: "organization_membership_quota_exceeded",
      message: "Dieses Team hat die Mitgliederzahl erreicht, die sein Tarif erlaubt.",
    });
    expect(await dbSnapshot(server.db)).toEqual(before);
    const roster = await (await server.fetch(`/api/teams/${teamId}/members`, { headers: as(admin) })).json();
    expect(roster.seats).toEqual({ used: 6, limit: 6 });
    // Revoking frees the seats again.
    const list = await (await server.fetch(`/api/teams/${teamId}/invitations`, { headers: as(admin) })).json();
    for (const inv of list.items)
      await server.fetch(`/api/teams/${teamId}/invitations/${inv.id}/revoke`, { method: "POST", headers: as(admin) });
    expect((await (await server.fetch(`/api/teams/${teamId}/members`, { headers: as(admin) })).json()).seats).toEqual({
      used: 2,
      limit: 6,
    });
  });

  it("pages and searches the roster on the server", async () => {
    // Direct memberships, as many as a page holds and more; the quota applies to invitations.
    const extra = [];
    for (let i = 0; i < 10; i++) extra.push(await signedInUser(server, smtp, `Zed Number${i}`));
    for (const user of extra) {
      await server.db
        .insertInto("member")
        .values({ id: crypto.randomUUID(), organizationId: teamId, userId: user.id, role: "member", createdAt: new Date() })
        .execute();
    }
    const page1 = await (await server.fetch(`/api/teams/${teamId}/members?page=1`, { headers: as(admin) })).json();
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0]).toMatchObject({ name: "Ada Admin", email: admin.email, role: "admin", pays: true });
    expect(Number.isNaN(Date.parse(page1.items[0].joinedAt))).toBe(false);
    const page2 = await (await server.fetch(`/api/teams/${teamId}/members?page=2`, { headers: as(admin) })).json();
    expect(page2.items).toHaveLength(2);
    const found = await (await server.fetch(`/api/teams/${teamId}/members?q=NUMBER7`, { headers: as(admin) })).json();
    expect(found.items.map((m: { name: string }) => m.name)).toEqual(["Zed Number7"]);
    const byMail = await (
      await server.fetch(`/api/teams/${teamId}/members?q=${encodeURIComponent(admin.email)}`, { headers: as(admin) })
    ).json();
    expect(byMail.total).toBe(1);
    // Wildcards are taken literally.
    const literal = await (await server.fetch(`/api/teams/${teamId}/members?q=%25`, { headers: as(admin) })).json();
    expect(literal.total).toBe(0);
    for (const user of extra) await server.db.deleteFrom("member").where("userId", "=", user.id).execute();
  }, 120_000); // ten sign-ups with password hashing: bounded for a loaded machine

  it("changes roles and removes members; the paying admin stays while the subscription runs", async () => {
    const eve = await signedInUser(server, smtp, "Eve Editor");
    const eveMember = await addMember(server, admin, eve, teamId);
    // Eve becomes an admin, then a guest, then is an admin again.
    for (const role of ["admin", "guest", "admin"]) {
      const res = await server.fetch(`${ORG}/update-member-role`, json({ organizationId: teamId, memberId: eveMember, role }, as(admin)));
      expect(res.status).toBe(200);
    }
    // Eve cannot demote or remove Ada, who pays; Ada cannot leave. Nothing changes.
    const adaMember = await memberIdOf(admin);
    const before = await dbSnapshot(server.db);
    for (const [path, payload, who] of [
      ["update-member-role", { organizationId: teamId, memberId: adaMember, role: "member" }, eve],
      ["remove-member", { organizationId: teamId, memberIdOrEmail: adaMember }, eve],
      ["remove-member", { organizationId: teamId, memberIdOrEmail: admin.email }, eve],
      ["leave", { organizationId: teamId }, admin],
    ] as const) {
      const res = await server.fetch(`${ORG}/${path}`, json(payload, as(who, { "x-language": "de" })));
      expect({ path, status: res.status }).toEqual({ path, status: 409 });
      expect((await body(res)).code).toBe("billing_owner_required");
    }
    expect(await dbSnapshot(server.db)).toEqual(before);

    // Billing: Ada sees her own plan and the portal; Eve sees who pays; a member is refused.
    const ada = await (await server.fetch(`/api/teams/${teamId}/billing`, { headers: as(admin) })).json();
    expect(ada).toMatchObject({ payer: { name: "Ada Admin", isYou: true }, canOpenPortal: true });
    expect(ada.plans[0].plan).toBe("pro");
    // Ada's Pro is in its trial: shown as a trial with its end, not as renewing.
    expect(ada.plans[0].badges.map((b: { kind: string }) => b.kind)).toEqual(["current", "trial"]);
    const asEve = await (await server.fetch(`/api/teams/${teamId}/billing`, { headers: as(eve) })).json();
    expect(asEve).toMatchObject({ payer: { name: "Ada Admin", email: admin.email, isYou: false }, canOpenPortal: false });
    const portal = await server.fetch(`/api/create-portal-session?organizationId=${teamId}`, { method: "POST", headers: as(eve) });
    expect(portal.status).toBe(403);
    const fred = await signedInUser(server, smtp, "Fred Member");
    await addMember(server, admin, fred, teamId);
    const refused = await server.fetch(`/api/teams/${teamId}/billing`, { headers: as(fred, { "x-language": "de" }) });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toEqual({
      message: "Sie haben keine Berechtigung, die Abrechnung dieser Organisation zu verwalten.",
      code: "billing_permission",
    });
    const enRefused = await server.fetch(`/api/teams/${teamId}/billing`, { headers: as(fred) });
    expect(await body(enRefused)).toEqual({
      message: "You do not have permissions to manage billing for this organization.",
      code: "billing_permission",
    });

    // Once Ada's subscription has ended, she may step down; Eve, the next admin, then pays.
    await server.db.updateTable("billing_subscription").set({ status: "canceled" }).where("user_id", "=", admin.id).execute();
    const demote = await server.fetch(
      `${ORG}/update-member-role`,
      json({ organizationId: teamId, memberId: adaMember, role: "member" }, as(eve)),
    );
    expect(demote.status).toBe(200);
    const now = await (await server.fetch(`/api/teams/${teamId}/billing`, { headers: as(eve) })).json();
    expect(now.payer).toMatchObject({ name: "Eve Editor", isYou: true });
    // Eve, without a subscription, gets the individual plan's quota.
    expect(now.seats.limit).toBe(2);

    // Removing a member: gone from the roster and from the team.
    const remove = await server.fetch(`${ORG}/remove-member`, json({ organizationId: teamId, memberIdOrEmail: fred.email }, as(eve)));
    expect(remove.status).toBe(200);
    expect((await server.fetch(`/api/teams/${teamId}`, { headers: as(fred) })).status).toBe(404);
    // Eve is the last admin now: she can be neither demoted nor leave.
    const last = await server.fetch(
      `${ORG}/update-member-role`,
      json({ organizationId: teamId, memberId: eveMember, role: "member" }, as(eve)),
    );
    expect(last.status).toBe(403);
    expect((await body(last)).code).toBe("organization_minimum_permissions_needed");
  });
});

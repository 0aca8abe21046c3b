import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const DOMAIN = "acme-recruiting.com";

describe.each(DATABASE_KINDS)("verified domains and membership requests on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let admin: TestUser;
  let teamId: string;
  let domainId: string;

  const body = async (res: Response) => (await res.json()) as Record<string, unknown>;
  const teamNamed = async (user: TestUser, name: string) => {
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(user) })).json();
    return (teams.items as { id: string; name: string }[]).find((t) => t.name === name)?.id as string;
  };
  /** A verified, signed-in user with an address at `domain`. */
  const userAt = async (local: string, name: string): Promise<TestUser> => {
    const email = `${local}-${crypto.randomUUID().slice(0, 8)}@${DOMAIN}`;
    const password = "correct horse battery";
    expect((await server.fetch("/api/auth/sign-up/email", json({ name, email, password, legalConsent: true }))).ok).toBe(true);
    const otp = codeIn(await smtp.waitFor(email));
    expect((await server.fetch("/api/auth/email-otp/verify-email", json({ email, otp }))).ok).toBe(true);
    const signIn = await server.fetch("/api/auth/sign-in/email", json({ email, password }));
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const { user } = (await signIn.json()) as { user: { id: string } };
    return { id: user.id, email, cookie, token: "" };
  };
  const suggestions = async (user: TestUser) =>
    ((await (await server.fetch("/api/team-suggestions", { headers: as(user) })).json()).items as { id: string; state: string }[]).filter(
      (s) => s.id === teamId,
    );
  const setMode = (mode: string) => server.fetch(`/api/teams/${teamId}/domains/${domainId}/enrollment`, json({ mode }, as(admin)));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    admin = await signedInUser(server, smtp, "Ada Admin");
    await subscribePro(server, admin, "Acme Talent");
    teamId = await teamNamed(admin, "Acme Talent");
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("refuses free mail providers, throwaway domains and non-domains, and verifies a domain by a code mailed to it", async () => {
    const add = (domain: string, lang = "en") =>
      server.fetch(`/api/teams/${teamId}/domains`, json({ domain }, as(admin, { "x-language": lang })));
    const common = await add("gmail.com", "de");
    expect(common.status).toBe(400);
    expect(await body(common)).toEqual({
      code: "organization_domain_common",
      message: "Das ist die Domain eines kostenlosen E-Mail-Anbieters. Fügen Sie die eigene Domain Ihrer Organisation hinzu.",
    });
    expect((await body(await add("web.de"))).code).toBe("organization_domain_common");
    expect((await body(await add("mailinator.com"))).code).toBe("organization_domain_blocked");
    expect((await body(await add("not a domain"))).code).toBe("invalid_domain");
    expect(await server.db.selectFrom("team_domain").select("id").execute()).toEqual([]);

    const added = await add(`@${DOMAIN.toUpperCase()}`);
    expect(added.status).toBe(201);
    const row = await body(added);
    expect(row).toMatchObject({ domain: DOMAIN, verified: false, enrollmentMode: "none" });
    domainId = row.id as string;
    expect((await body(await add(DOMAIN))).code).toBe("domain_already_added");

    const wrongAddress = await server.fetch(`/api/teams/${teamId}/domains/${domainId}/code`, json({ email: "hr@other.com" }, as(admin)));
    expect(wrongAddress.status).toBe(400);
    expect((await body(wrongAddress)).code).toBe("domain_address_mismatch");
    const hr = `hr@${DOMAIN}`;
    const sent = await server.fetch(
      `/api/teams/${teamId}/domains/${domainId}/code`,
      json({ email: hr }, as(admin, { "x-language": "de" })),
    );
    expect(sent.status).toBe(200);
    const mail = await smtp.waitFor(hr);
    expect(mail.subject).toBe(`Bestätigen Sie ${DOMAIN} für das Team Acme Talent`);
    const code = codeIn(mail);
    const wrong = await server.fetch(
      `/api/teams/${teamId}/domains/${domainId}/verify`,
      json({ code: code === "000000" ? "111111" : "000000" }, as(admin)),
    );
    expect(wrong.status).toBe(400);
    expect((await body(wrong)).code).toBe("form_code_incorrect");
    // Enrollment needs a verified domain.
    expect((await setMode("automatic_suggestion")).status).toBe(409);
    const verified = await server.fetch(`/api/teams/${teamId}/domains/${domainId}/verify`, json({ code }, as(admin)));
    expect(verified.status).toBe(200);
    expect(await body(verified)).toMatchObject({ domain: DOMAIN, verified: true, codeSentTo: null });

    // Another team cannot claim it.
    await server.fetch("/api/teams", json({ name: "Other Team" }, as(admin)));
    const other = await teamNamed(admin, "Other Team");
    const taken = await server.fetch(`/api/teams/${other}/domains`, json({ domain: DOMAIN }, as(admin)));
    expect(taken.status).toBe(409);
    expect((await body(taken)).code).toBe("organization_domain_taken");
  });

  it("with automatic suggestions, people at the domain ask to join and an admin approves or rejects", async () => {
    expect((await setMode("automatic_suggestion")).status).toBe(200);
    const bea = await userAt("bea", "Bea Berg");
    const carl = await userAt("carl", "Carl Cole");
    const outsider = await signedInUser(server, smtp, "Olga Outside");
    expect(await suggestions(outsider)).toEqual([]);
    expect(await suggestions(bea)).toEqual([{ id: teamId, name: "Acme Talent", state: "request" }]);
    // Joining at once is not what this mode offers.
    expect((await server.fetch(`/api/team-suggestions/${teamId}/join`, { method: "POST", headers: as(bea) })).status).toBe(403);

    for (const user of [bea, carl]) {
      expect((await server.fetch(`/api/team-suggestions/${teamId}/request`, { method: "POST", headers: as(user) })).status).toBe(200);
    }
    // Asking twice keeps one request.
    expect((await server.fetch(`/api/team-suggestions/${teamId}/request`, { method: "POST", headers: as(bea) })).status).toBe(200);
    expect(await suggestions(bea)).toEqual([{ id: teamId, name: "Acme Talent", state: "pending" }]);
    const list = (await (await server.fetch(`/api/teams/${teamId}/requests`, { headers: as(admin) })).json()).items as {
      id: string;
      name: string;
      email: string;
    }[];
    expect(list.map((r) => r.email)).toEqual([bea.email, carl.email]);

    const [beaRequest, carlRequest] = [list[0], list[1]] as [{ id: string }, { id: string }];
    expect(
      (await server.fetch(`/api/teams/${teamId}/requests/${beaRequest.id}/approve`, { method: "POST", headers: as(admin) })).status,
    ).toBe(200);
    expect((await server.fetch(`/api/teams/${teamId}`, { headers: as(bea) })).status).toBe(200);
    expect(await suggestions(bea)).toEqual([]);
    expect(
      (await server.fetch(`/api/teams/${teamId}/requests/${carlRequest.id}/reject`, { method: "POST", headers: as(admin) })).status,
    ).toBe(200);
    expect((await server.fetch(`/api/teams/${teamId}`, { headers: as(carl) })).status).toBe(404);
    expect(await suggestions(carl)).toEqual([{ id: teamId, name: "Acme Talent", state: "request" }]);
    // A decided request cannot be decided again.
    expect(
      (await server.fetch(`/api/teams/${teamId}/requests/${carlRequest.id}/approve`, { method: "POST", headers: as(admin) })).status,
    ).toBe(404);
    // Bea, a member now, may not manage requests.
    expect((await server.fetch(`/api/teams/${teamId}/requests`, { headers: as(bea) })).status).toBe(403);
  });

  it("with automatic invitations people at the domain join at once; with none the team is not offered", async () => {
    expect((await setMode("automatic_invitation")).status).toBe(200);
    const dora = await userAt("dora", "Dora Diaz");
    expect(await suggestions(dora)).toEqual([{ id: teamId, name: "Acme Talent", state: "join" }]);
    expect((await server.fetch(`/api/team-suggestions/${teamId}/request`, { method: "POST", headers: as(dora) })).status).toBe(403);
    expect((await server.fetch(`/api/team-suggestions/${teamId}/join`, { method: "POST", headers: as(dora) })).status).toBe(200);
    const team = await (await server.fetch(`/api/teams/${teamId}`, { headers: as(dora) })).json();
    expect(team.role).toBe("member");
    expect(await suggestions(dora)).toEqual([]);

    expect((await setMode("none")).status).toBe(200);
    const emil = await userAt("emil", "Emil Ernst");
    expect(await suggestions(emil)).toEqual([]);
    expect((await server.fetch(`/api/team-suggestions/${teamId}/join`, { method: "POST", headers: as(emil) })).status).toBe(404);

    // Removing the domain ends it: the other team may now verify it.
    expect((await server.fetch(`/api/teams/${teamId}/domains/${domainId}/delete`, { method: "POST", headers: as(admin) })).status).toBe(
      200,
    );
    expect(await server.db.selectFrom("team_domain").select("id").where("organization_id", "=", teamId).execute()).toEqual([]);
  });
});

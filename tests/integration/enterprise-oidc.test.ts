import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startEnterpriseIdp, type Tamper } from "../support/enterprise-idp.js";
import type { OidcIdentity } from "../support/oidc.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const DOMAIN = "northwind-talent.com";
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0] as string);

const redisUrl = process.env.TEST_REDIS_URL;

describe.each(DATABASE_KINDS)("enterprise sign-in with OpenID Connect on %s", (kind) => {
  // On PostgreSQL with Redis, a second instance shares the database and Redis, as behind a load balancer.
  const twoInstances = kind === "postgres" && Boolean(redisUrl);
  let idp: Awaited<ReturnType<typeof startEnterpriseIdp>>;
  let smtp: Smtp;
  let server: TestServer;
  let other: TestServer | undefined;
  let admin: TestUser;
  let member: TestUser;
  let teamId: string;
  let connectionId: string;

  const person = (local: string, given = "Grace", family = "Hopper"): OidcIdentity => ({
    email: `${local}-${crypto.randomUUID().slice(0, 8)}@${DOMAIN}`,
    given_name: given,
    family_name: family,
  });
  const connect = (body: Record<string, unknown>, user: TestUser | null = admin, lang = "en") =>
    server.fetch(`/api/teams/${teamId}/sso/oidc`, json(body, as(user, { "x-language": lang })));
  const setState = (state: string) => server.fetch(`/api/teams/${teamId}/sso/${connectionId}/state`, json({ state }, as(admin)));

  /**
   * The browser's part of an enterprise sign-in: the start, the provider's page (signed in there as
   * `identity`, or refusing without one), and the return to us. Gives where we send the browser and its session cookie.
   */
  async function ssoFlow(
    identity: OidcIdentity | null,
    opts: { tamper?: Tamper; keepStateCookie?: boolean; lang?: string; finishOn?: TestServer } = {},
  ) {
    const start = await server.fetch(
      "/api/auth/sso/start",
      json({ email: identity?.email ?? `nobody@${DOMAIN}`, lang: opts.lang ?? "en" }),
    );
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(idp.issuer)).toBe(true);
    idp.tamperNextToken(opts.tamper ?? null);
    const authorize = await fetch(url, { redirect: "manual", headers: identity ? { cookie: idp.identityCookie(identity) } : {} });
    const callback = authorize.headers.get("location") as string;
    expect(callback.startsWith(`${server.url}/api/auth/sso/callback?`)).toBe(true);
    const headers: Record<string, string> = opts.keepStateCookie === false ? {} : { cookie: cookiesOf(start).join("; ") };
    const back = await (opts.finishOn ?? server).fetch(callback.slice(server.url.length), { headers });
    expect(back.status).toBe(302);
    const cookie = cookiesOf(back).find((c) => c.includes("session_token=") && !c.endsWith("=")) ?? "";
    return { location: back.headers.get("location") as string, cookie };
  }
  const sessionOf = async (cookie: string, instance = server) =>
    (await (await instance.fetch("/api/auth/get-session", { headers: { cookie } })).json()) as { user: Record<string, unknown> } | null;
  const roleIn = async (userId: string) =>
    (
      await server.db
        .selectFrom("member")
        .select("role")
        .where("userId", "=", userId)
        .where("organizationId", "=", teamId)
        .executeTakeFirst()
    )?.role;

  beforeAll(async () => {
    idp = await startEnterpriseIdp();
    smtp = await startSmtpCapture();
    const shared = { REDIS_URL: redisUrl as string, AUTH_SECRET: "enterprise-secret-enterprise-secret-1" };
    const env = { SMTP_URL: smtp.url, ...(twoInstances ? shared : {}) };
    server = await startTestServer(kind, env);
    if (twoInstances) other = await startTestServer("postgres", { ...env, BASE_URL: server.config.BASE_URL }, server.database);
    admin = await signedInUser(server, smtp, "Ada Admin");
    await subscribePro(server, admin, "Northwind Talent");
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(admin) })).json();
    teamId = (teams.items as { id: string }[])[0]?.id as string;
    member = await signedInUser(server, smtp, "Max Member");
    await addMember(server, admin, member, teamId);
    // The team's verified domain, by the code mailed to an address at it.
    const added = (await (await server.fetch(`/api/teams/${teamId}/domains`, json({ domain: DOMAIN }, as(admin)))).json()) as {
      id: string;
    };
    await server.fetch(`/api/teams/${teamId}/domains/${added.id}/code`, json({ email: `it@${DOMAIN}` }, as(admin)));
    const code = codeIn(await smtp.waitFor(`it@${DOMAIN}`));
    expect((await server.fetch(`/api/teams/${teamId}/domains/${added.id}/verify`, json({ code }, as(admin)))).status).toBe(200);
    // The team, its members and its verified domain: several sign-ups with mailed codes.
  }, 120_000);
  afterAll(async () => {
    await other?.stop();
    await server?.stop();
    await smtp?.close();
    await idp?.stop();
  });

  it("saves a connection only for a team admin, a discoverable issuer and the team's verified domains, and never shows the secret again", async () => {
    const body = {
      issuer: idp.issuer,
      clientId: "northwind-crm",
      clientSecret: "s3cret-value",
      domains: [DOMAIN],
      defaultRole: "member",
      provisioning: true,
    };
    expect((await connect(body, null)).status).toBe(401);
    expect((await connect(body, member)).status).toBe(403);
    const undiscoverable = await connect({ ...body, issuer: `${idp.issuer}/nothing-here` }, admin, "de");
    expect(undiscoverable.status).toBe(400);
    expect(await undiscoverable.json()).toEqual({
      code: "sso_discovery_failed",
      message: "Unter dieser Aussteller-Adresse wurde kein OpenID-Connect-Anbieter gefunden. Prüfen Sie die Adresse.",
    });
    expect((await (await connect({ ...body, domains: ["other-company.com"] })).json()).code).toBe("domain_not_verified");

    const saved = await connect(body);
    expect(saved.status).toBe(201);
    const connection = (await saved.json()) as Record<string, unknown>;
    expect(connection).toMatchObject({ kind: "oidc", state: "draft", domains: [DOMAIN], issuer: idp.issuer, clientId: "northwind-crm" });
    expect(JSON.stringify(connection)).not.toContain("s3cret-value");
    connectionId = connection.id as string;
    const stored = await server.db
      .selectFrom("sso_connection")
      .select("oidc_client_secret")
      .where("id", "=", connectionId)
      .executeTakeFirstOrThrow();
    expect(stored.oidc_client_secret).not.toContain("s3cret-value");

    // One connection per domain: a second one for the same domain is refused with the domain rule.
    const again = await connect(body);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("organization_domain_exists_for_enterprise_connection");

    const settings = await (await server.fetch(`/api/teams/${teamId}/sso`, { headers: as(admin) })).json();
    expect(settings).toMatchObject({ pro: true, redirectUrl: `${server.url}/api/auth/sso/callback`, verifiedDomains: [DOMAIN] });
    expect((await server.fetch(`/api/teams/${teamId}/sso`, { headers: as(member) })).status).toBe(403);
  });

  it("tests a connection for the team's admins: reports the claims received, and signs nobody in or up", async () => {
    const tester = person("tester", "Tessa", "Tester");
    const start = (user: TestUser, lang = "en") =>
      server.fetch(`/api/teams/${teamId}/sso/${connectionId}/test`, json({}, as(user, { "x-language": lang })));
    /** The new tab's way: the provider (signed in as `identity`, or refusing), and the return to us in the admin's browser or another. */
    const runTest = async (identity: OidcIdentity | null, browser: TestUser | null = admin, lang = "en") => {
      const started = await start(admin, lang);
      expect(started.status).toBe(200);
      const { url } = (await started.json()) as { url: string };
      const authorize = await fetch(url, { redirect: "manual", headers: identity ? { cookie: idp.identityCookie(identity) } : {} });
      const callback = (authorize.headers.get("location") as string).slice(server.url.length);
      const back = await server.fetch(callback, { headers: as(browser) });
      expect(back.status).toBe(302);
      expect(cookiesOf(back).some((c) => c.includes("session_token=") && !c.endsWith("="))).toBe(false);
      const location = back.headers.get("location") as string;
      const id = new URL(location, server.url).searchParams.get("id") as string;
      expect(location).toBe(`/${lang}/teams/${teamId}/sso/test?id=${encodeURIComponent(id)}`);
      return (await server.fetch(`/api/teams/${teamId}/sso/tests/${encodeURIComponent(id)}`, { headers: as(admin) })).json();
    };
    const count = async (table: "user" | "session" | "member") =>
      Number(
        (
          await server.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { users: await count("user"), sessions: await count("session"), members: await count("member") };

    expect((await start(member)).status).toBe(403);
    // A draft is tested before anyone signs in through it.
    expect(await runTest(tester, admin, "de")).toEqual({
      connectionId,
      pending: false,
      problem: null,
      claims: { issuer: idp.issuer, subject: `sub-${tester.email}`, email: tester.email, emailVerified: true, name: "Tessa Tester" },
    });
    expect(await runTest(null)).toEqual({ connectionId, pending: false, problem: "denied", claims: null });
    // Come back in a browser without the admin's session: nothing is recorded but that the test did not come back.
    expect(await runTest(tester, null)).toMatchObject({ problem: "expired", claims: null });
    expect({ users: await count("user"), sessions: await count("session"), members: await count("member") }).toEqual(before);

    const tests = await server.db.selectFrom("sso_test").select("id").execute();
    const result = `/api/teams/${teamId}/sso/tests/${encodeURIComponent(tests[0]?.id as string)}`;
    expect((await server.fetch(result, { headers: as(member) })).status).toBe(403);
    expect((await server.fetch(`/api/teams/${teamId}/sso/tests/unknown`, { headers: as(admin) })).status).toBe(404);
  });

  it("offers single sign-on for the domain's addresses once active, and a first sign-in creates the member", async () => {
    const lookup = async () => (await server.fetch(`/api/sso/lookup?email=someone@${DOMAIN}`)).json();
    expect(await lookup()).toEqual({ sso: false, enforced: false });
    expect((await server.fetch("/api/auth/sso/start", json({ email: `someone@${DOMAIN}` }))).status).toBe(404);
    expect((await setState("active")).status).toBe(200);
    expect(await lookup()).toEqual({ sso: true, enforced: false });

    const grace = person("grace");
    const first = await ssoFlow(grace, { lang: "de" });
    expect(first.location).toBe("/de/dashboard");
    const { user } = (await sessionOf(first.cookie)) as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      email: grace.email,
      emailVerified: true,
      name: "Grace Hopper",
      firstName: "Grace",
      lastName: "Hopper",
      locale: "de",
    });
    expect(await roleIn(user.id as string)).toBe("member");

    // The same person again: the same account, no second membership.
    const again = await ssoFlow(grace);
    expect(((await sessionOf(again.cookie)) as { user: { id: string } }).user.id).toBe(user.id);
    expect(
      await server.db
        .selectFrom("member")
        .select("id")
        .where("userId", "=", user.id as string)
        .execute(),
    ).toHaveLength(1);
    const listed = await (await server.fetch(`/api/teams/${teamId}/sso`, { headers: as(admin) })).json();
    expect(listed.connections[0].lastUsedAt).not.toBeNull();
  });

  // Only PostgreSQL (with Redis) has other instances; the embedded database is one process's.
  if (twoInstances)
    it("finishes a sign-in started on one instance on the other, with a session that works on both", async () => {
      const roaming = person("roaming");
      const { location, cookie } = await ssoFlow(roaming, { finishOn: other });
      expect(location).toBe("/en/dashboard");
      for (const instance of [server, other as TestServer]) expect((await sessionOf(cookie, instance))?.user.email).toBe(roaming.email);
    });

  it("lands each failure on the error page with its code, and signs nobody in", async () => {
    const cases: [OidcIdentity | null, Parameters<typeof ssoFlow>[1], string][] = [
      [null, {}, "sso_denied"],
      [person("lost"), { keepStateCookie: false }, "sso_attempt_invalid"],
      [person("aud"), { tamper: "audience" }, "sso_token_invalid"],
      [person("exp"), { tamper: "expired" }, "sso_token_invalid"],
      [person("nonce"), { tamper: "nonce" }, "sso_token_invalid"],
      [person("iss"), { tamper: "issuer" }, "sso_token_invalid"],
    ];
    for (const [identity, opts, code] of cases) {
      const { location, cookie } = await ssoFlow(identity, opts);
      expect(location).toBe(`/en/sign-in/sso?error=${code}`);
      expect(cookie).toBe("");
    }
    // An address of another domain at the team's provider.
    const outsider = { email: `outsider-${crypto.randomUUID().slice(0, 8)}@example.org`, given_name: "Out", family_name: "Sider" };
    const start = await server.fetch("/api/auth/sso/start", json({ email: `x@${DOMAIN}` }));
    const { url } = (await start.json()) as { url: string };
    const authorize = await fetch(url, { redirect: "manual", headers: { cookie: idp.identityCookie(outsider) } });
    const callback = (authorize.headers.get("location") as string).slice(server.url.length);
    const back = await server.fetch(callback, { headers: { cookie: cookiesOf(start).join("; ") } });
    expect(back.headers.get("location")).toBe("/en/sign-in/sso?error=sso_email_domain");
    // A return used once is not used again.
    const replay = await server.fetch(callback, { headers: { cookie: cookiesOf(start).join("; ") } });
    expect(replay.headers.get("location")).toBe("/en/sign-in/sso?error=sso_attempt_invalid");
  });

  it("with provisioning off refuses an unknown person, and a guest role is given as set", async () => {
    await server.db.updateTable("sso_connection").set({ provisioning: false }).where("id", "=", connectionId).execute();
    expect((await ssoFlow(person("unknown"))).location).toBe("/en/sign-in/sso?error=sso_unknown_user");
    await server.db
      .updateTable("sso_connection")
      .set({ provisioning: true, default_role: "guest" })
      .where("id", "=", connectionId)
      .execute();
    const guest = await ssoFlow(person("guest"));
    const { user } = (await sessionOf(guest.cookie)) as { user: { id: string } };
    expect(await roleIn(user.id)).toBe("guest");
    await server.db.updateTable("sso_connection").set({ default_role: "member" }).where("id", "=", connectionId).execute();
  });

  it("links an existing account with the same address only after its owner confirms by password or e-mailed code", async () => {
    const email = `linda-${crypto.randomUUID().slice(0, 8)}@${DOMAIN}`;
    const password = "correct horse battery";
    await server.fetch("/api/auth/sign-up/email", json({ name: "Linda Link", email, password, legalConsent: true }));
    const otp = codeIn(await smtp.waitFor(email));
    await server.fetch("/api/auth/email-otp/verify-email", json({ email, otp }));
    const existing = await server.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const identity = { email, given_name: "Linda", family_name: "Link" };

    const { location, cookie } = await ssoFlow(identity);
    expect(cookie).toBe("");
    const link = new URL(location, server.url).searchParams.get("link") as string;
    expect(location).toBe(`/en/sign-in/sso?link=${link}`);
    expect(await (await server.fetch("/api/auth/sso/link/view", json({ link }))).json()).toEqual({
      email,
      team: "Northwind Talent",
      hasPassword: true,
    });

    const wrong = await server.fetch("/api/auth/sso/link", json({ link, password: "not the password" }));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("form_password_incorrect");
    expect((await server.fetch("/api/auth/sso/link/code", json({ link }))).status).toBe(200);
    const code = codeIn(await smtp.waitFor(email, (m) => m.subject.includes("single sign-on of Northwind Talent")));
    const confirmed = await server.fetch("/api/auth/sso/link", json({ link, code }));
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { user: { id: string } }).user.id).toBe(existing.id);
    expect(await roleIn(existing.id)).toBe("member");
    // Confirmed once: the next sign-in through the provider goes straight in.
    const next = await ssoFlow(identity);
    expect(next.location).toBe("/en/dashboard");
    expect(((await sessionOf(next.cookie)) as { user: { id: string } }).user.id).toBe(existing.id);
    expect((await server.fetch("/api/auth/sso/link", json({ link, code }))).status).toBe(400);
  });

  it("once enforced: other first factors are refused for the domain, and a managed account's name, password and team are the provider's", async () => {
    const email = `mira-${crypto.randomUUID().slice(0, 8)}@${DOMAIN}`;
    const password = "correct horse battery";
    await server.fetch("/api/auth/sign-up/email", json({ name: "Mira Managed", email, password, legalConsent: true }));
    await server.fetch("/api/auth/email-otp/verify-email", json({ email, otp: codeIn(await smtp.waitFor(email)) }));
    expect((await server.fetch("/api/auth/sign-in/email", json({ email, password }))).status).toBe(200);
    expect((await setState("enforced")).status).toBe(200);
    expect(await (await server.fetch(`/api/sso/lookup?email=${email}`)).json()).toEqual({ sso: true, enforced: true });

    const refused = await server.fetch("/api/auth/sign-in/email", json({ email, password }, { "x-language": "de" }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "sso_required",
      message: "Ihre Organisation meldet sich über Single Sign-on an. Bitte verwenden Sie „Mit Single Sign-on fortfahren“.",
    });
    // An address of another domain signs in as before.
    expect((await server.fetch("/api/auth/sign-in/email", json({ email: member.email, password }))).status).toBe(200);

    const grace = await ssoFlow(person("managed"));
    expect(grace.location).toBe("/en/dashboard");
    const as2 = (body: unknown) => json(body, { cookie: grace.cookie });
    const rename = await server.fetch("/api/auth/update-user", as2({ name: "Someone Else" }));
    expect(rename.status).toBe(403);
    expect((await rename.json()).code).toBe("sso_managed_account");
    expect((await server.fetch("/api/auth/update-user", as2({ locale: "de" }))).status).toBe(200);
    expect(await (await server.fetch("/api/account/managed", { headers: { cookie: grace.cookie } })).json()).toEqual({
      team: "Northwind Talent",
    });
    expect((await (await server.fetch("/api/auth/organization/leave", as2({ organizationId: teamId }))).json()).code).toBe(
      "sso_managed_account",
    );

    // The domain stays with the connection: not removed from the team, not added by another team.
    const domains = await (await server.fetch(`/api/teams/${teamId}/domains`, { headers: as(admin) })).json();
    const remove = await server.fetch(`/api/teams/${teamId}/domains/${domains.items[0].id}/delete`, json({}, as(admin)));
    expect(remove.status).toBe(409);
    expect((await remove.json()).code).toBe("organization_domain_exists_for_enterprise_connection");
    const other = await signedInUser(server, smtp, "Otto Other");
    await subscribePro(server, other, "Other Talent");
    const otherTeams = await (await server.fetch("/api/teams?kind=admin", { headers: as(other) })).json();
    const claim = await server.fetch(`/api/teams/${otherTeams.items[0].id}/domains`, json({ domain: DOMAIN }, as(other)));
    expect(claim.status).toBe(409);
    expect((await claim.json()).code).toBe("organization_domain_exists_for_enterprise_connection");

    // Back to active: the password works again, and the account is no longer managed.
    expect((await setState("active")).status).toBe(200);
    expect((await server.fetch("/api/auth/sign-in/email", json({ email, password }))).status).toBe(200);
    expect((await server.fetch("/api/auth/update-user", as2({ name: "Grace Renamed" }))).status).toBe(200);
  });

  it("enforcing mails the members at the domain in their language and ends their sessions but those made through the connection", async () => {
    const password = "correct horse battery";
    /** A member at the team's domain, signed in with their password, whose account speaks `locale`. */
    const memberAtDomain = async (local: string, locale: "en" | "de") => {
      const email = `${local}-${crypto.randomUUID().slice(0, 8)}@${DOMAIN}`;
      await server.fetch("/api/auth/sign-up/email", json({ name: `${local} Member`, email, password, legalConsent: true }));
      await server.fetch("/api/auth/email-otp/verify-email", json({ email, otp: codeIn(await smtp.waitFor(email)) }));
      const signIn = await server.fetch("/api/auth/sign-in/email", json({ email, password }));
      const { user } = (await signIn.json()) as { user: { id: string } };
      const signedIn = { id: user.id, email, cookie: cookiesOf(signIn).find((c) => c.includes("session_token=")) as string, token: "" };
      expect((await server.fetch("/api/auth/update-user", json({ locale }, { cookie: signedIn.cookie }))).status).toBe(200);
      await addMember(server, admin, signedIn, teamId);
      return signedIn;
    };
    const english = await memberAtDomain("emma", "en");
    const german = await memberAtDomain("jonas", "de");
    // The German member has also signed in through the connection (confirming the link with the password).
    const { location } = await ssoFlow({ email: german.email, given_name: "Jonas", family_name: "Member" });
    const link = new URL(location, server.url).searchParams.get("link") as string;
    const linked = await server.fetch("/api/auth/sso/link", json({ link, password }));
    expect(linked.status).toBe(200);
    const ssoCookie = cookiesOf(linked).find((c) => c.includes("session_token=")) as string;
    const answers = (cookie: string) => server.fetch("/api/account/managed", { headers: { cookie } }).then((r) => r.status);
    for (const cookie of [english.cookie, german.cookie, ssoCookie, admin.cookie]) expect(await answers(cookie)).toBe(200);

    expect((await setState("enforced")).status).toBe(200);
    const toEnglish = await smtp.waitFor(english.email, (m) => m.subject === "Northwind Talent now signs in with single sign-on");
    expect(toEnglish.text).toContain(`${server.url}/en/sign-in/sso`);
    const toGerman = await smtp.waitFor(german.email, (m) => m.subject === "Northwind Talent meldet sich jetzt mit Single Sign-on an");
    expect(toGerman.text).toContain(`${server.url}/de/sign-in/sso`);
    // The password sessions have ended; the one made through the connection and the admin's (another domain) stay.
    expect(await answers(english.cookie)).toBe(401);
    expect(await answers(german.cookie)).toBe(401);
    expect(await answers(ssoCookie)).toBe(200);
    expect(await answers(admin.cookie)).toBe(200);
    // Only members at the domain are mailed.
    expect(smtp.messages.some((m) => m.to.includes(admin.email) && m.subject.includes("single sign-on"))).toBe(false);
    expect((await setState("active")).status).toBe(200);
  });
});

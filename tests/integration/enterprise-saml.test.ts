import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { postedForm, type SamlPerson, type SamlSpoil, startSamlIdp } from "../support/saml-idp.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const DOMAIN = "contoso-talent.com";
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0] as string);

describe.each(DATABASE_KINDS)("enterprise sign-in with SAML 2.0 on %s", (kind) => {
  let idp: Awaited<ReturnType<typeof startSamlIdp>>;
  let smtp: Smtp;
  let server: TestServer;
  /** A second instance on the same database (PostgreSQL only), with the same public address. */
  let other: TestServer | undefined;
  let admin: TestUser;
  let teamId: string;
  let connectionId: string;

  const person = (local: string): SamlPerson => ({
    email: `${local}-${randomUUID().slice(0, 8)}@${DOMAIN}`,
    given_name: "Katherine",
    family_name: "Johnson",
  });
  const connect = (body: Record<string, unknown>, lang = "en") =>
    server.fetch(
      `/api/teams/${teamId}/sso/saml`,
      json({ domains: [DOMAIN], defaultRole: "member", provisioning: true, ...body }, as(admin, { "x-language": lang })),
    );

  /**
   * The browser's part of a SAML sign-in: the start (our AuthnRequest), the provider's sign-in
   * page (signed in there as `who`, or refusing without), the post of its answer to our ACS, and,
   * when the ACS accepts it, the way back that completes the sign-in in the starting browser.
   */
  async function samlFlow(who: SamlPerson | null, opts: { spoil?: SamlSpoil; lang?: string; replayTo?: TestServer } = {}) {
    const start = await server.fetch("/api/auth/sso/start", json({ email: who?.email ?? `nobody@${DOMAIN}`, lang: opts.lang ?? "en" }));
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(`${idp.url}/sso?SAMLRequest=`)).toBe(true);
    idp.spoilNext(opts.spoil ?? null);
    const page = await fetch(url, { headers: who ? { cookie: idp.identityCookie(who) } : {} });
    const { action, fields } = postedForm(await page.text());
    expect(action).toBe(`${server.url}/saml/${connectionId}/acs`);
    const post = (to: TestServer) =>
      to.fetch(action.slice(server.url.length), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: idp.url },
        body: fields.toString(),
      });
    const acs = await post(server);
    expect(acs.status).toBe(303);
    // The same answer posted again while the sign-in is still under way.
    const replayed = opts.replayTo ? (await post(opts.replayTo)).headers.get("location") : null;
    let location = acs.headers.get("location") as string;
    let cookie = "";
    if (location.startsWith("/api/auth/sso/saml/finish?")) {
      const back = await server.fetch(location, { headers: { cookie: cookiesOf(start).join("; ") } });
      expect(back.status).toBe(302);
      location = back.headers.get("location") as string;
      cookie = cookiesOf(back).find((c) => c.includes("session_token=") && !c.endsWith("=")) ?? "";
    }
    return { location, cookie, replayed };
  }

  beforeAll(async () => {
    idp = await startSamlIdp();
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    if (kind === "postgres") other = await startTestServer(kind, { SMTP_URL: smtp.url, BASE_URL: server.url }, server.database);
    admin = await signedInUser(server, smtp, "Ada Admin");
    await subscribePro(server, admin, "Contoso Talent");
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(admin) })).json();
    teamId = (teams.items as { id: string }[])[0]?.id as string;
    // The team's verified domain (verifying one by a mailed code is the domains' own test).
    await server.db
      .insertInto("team_domain")
      .values({ id: randomUUID(), organization_id: teamId, domain: DOMAIN, verified_at: new Date(), created_at: new Date() })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await other?.stop();
    await server?.stop();
    await smtp?.close();
    await idp?.stop();
  });

  it("saves a connection from the provider's metadata, says which field is unusable, and publishes our metadata", async () => {
    const unusable = await connect({ metadataXml: "<html>not metadata</html>" }, "de");
    expect(unusable.status).toBe(400);
    expect(await unusable.json()).toMatchObject({
      code: "sso_saml_metadata_invalid",
      errors: { metadataXml: "Das sind keine SAML-2.0-Metadaten eines Identitätsanbieters." },
    });
    const withoutCertificate = idp.metadata.replace(/<(?:\w+:)?KeyDescriptor[\s\S]*?<\/(?:\w+:)?KeyDescriptor>/g, "");
    expect((await (await connect({ metadataXml: withoutCertificate })).json()).errors).toEqual({
      metadataXml: "The metadata has no readable signing certificate: assertions could not be verified.",
    });
    expect((await (await connect({ metadataUrl: `${idp.url}/nothing-here` })).json()).errors).toEqual({
      metadataUrl: expect.stringContaining("could not be read at this address"),
    });

    const saved = await connect({ metadataUrl: idp.metadataUrl });
    expect(saved.status).toBe(201);
    const connection = (await saved.json()) as { id: string; kind: string; state: string; saml: Record<string, string> };
    connectionId = connection.id;
    const ours = `${server.url}/saml/${connectionId}`;
    expect(connection).toMatchObject({
      kind: "saml",
      state: "draft",
      saml: { idpEntityId: idp.metadataUrl, spEntityId: `${ours}/metadata`, acsUrl: `${ours}/acs`, spMetadataUrl: `${ours}/metadata` },
    });
    const metadata = await fetch(connection.saml.spMetadataUrl as string);
    expect(metadata.headers.get("content-type")).toContain("application/samlmetadata+xml");
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${ours}/metadata"`);
    expect(xml).toContain(`Location="${ours}/acs"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    expect((await server.fetch(`/api/teams/${teamId}/sso/${connectionId}/state`, json({ state: "active" }, as(admin)))).status).toBe(200);
  });

  it("a first sign-in creates the member with a verified address and the provider's name", async () => {
    const katherine = person("katherine");
    const first = await samlFlow(katherine, { lang: "de" });
    expect(first.location).toBe("/de/dashboard");
    const session = (await (await server.fetch("/api/auth/get-session", { headers: { cookie: first.cookie } })).json()) as {
      user: Record<string, unknown>;
    };
    expect(session.user).toMatchObject({
      email: katherine.email,
      emailVerified: true,
      name: "Katherine Johnson",
      firstName: "Katherine",
      lastName: "Johnson",
      locale: "de",
    });
    const member = await server.db
      .selectFrom("member")
      .select("role")
      .where("userId", "=", session.user.id as string)
      .where("organizationId", "=", teamId)
      .executeTakeFirst();
    expect(member?.role).toBe("member");
  });

  it("refuses an expired, unsigned, wrong-audience, wrong-destination or replayed assertion and the provider's refusal, signing nobody in", async () => {
    const cases: [SamlSpoil, string][] = [
      ["expired", "sso_token_invalid"],
      ["unsigned", "sso_token_invalid"],
      ["audience", "sso_token_invalid"],
      ["destination", "sso_token_invalid"],
    ];
    for (const [spoil, code] of cases) {
      const { location, cookie } = await samlFlow(person(spoil as string), { spoil });
      expect(location, spoil as string).toBe(`/en/sign-in/sso?error=${code}`);
      expect(cookie).toBe("");
    }
    expect((await samlFlow(null)).location).toBe("/en/sign-in/sso?error=sso_denied");

    // An answer accepted once is refused when it comes again, on another instance too; the first still signs in.
    const { location, replayed } = await samlFlow(person("replay"), { replayTo: other ?? server });
    expect(replayed).toBe("/en/sign-in/sso?error=sso_assertion_replayed");
    expect(location).toBe("/en/dashboard");
  });
  it("tests the connection for its admin: the claims a signed answer carries or why one was refused, signing nobody in", async () => {
    const tester = person("tester");
    const count = async () =>
      Number(
        (
          await server.db
            .selectFrom("session")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sessions = await count();
    /** The new tab's way: our AuthnRequest, the provider, its answer posted to our ACS, and the same-site return in the admin's browser. */
    const runTest = async (who: SamlPerson | null, spoil: SamlSpoil = null) => {
      const started = await server.fetch(`/api/teams/${teamId}/sso/${connectionId}/test`, json({}, as(admin, { "x-language": "de" })));
      expect(started.status).toBe(200);
      const { url } = (await started.json()) as { url: string };
      idp.spoilNext(spoil);
      const page = await fetch(url, { headers: who ? { cookie: idp.identityCookie(who) } : {} });
      const { action, fields } = postedForm(await page.text());
      const acs = await server.fetch(action.slice(server.url.length), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: idp.url },
        body: fields.toString(),
      });
      const back = await server.fetch(acs.headers.get("location") as string, { headers: as(admin) });
      const location = back.headers.get("location") as string;
      const id = new URL(location, server.url).searchParams.get("id") as string;
      expect(location).toBe(`/de/teams/${teamId}/sso/test?id=${encodeURIComponent(id)}`);
      return (await server.fetch(`/api/teams/${teamId}/sso/tests/${encodeURIComponent(id)}`, { headers: as(admin) })).json();
    };
    expect(await runTest(tester)).toEqual({
      connectionId,
      pending: false,
      problem: null,
      claims: { issuer: idp.metadataUrl, subject: expect.any(String), email: tester.email, emailVerified: null, name: "Katherine Johnson" },
    });
    expect(await runTest(tester, "unsigned")).toMatchObject({ problem: "assertion", claims: null });
    expect(await runTest(null)).toMatchObject({ problem: "denied", claims: null });
    expect(await count()).toBe(sessions);
    expect(await server.db.selectFrom("user").select("id").where("email", "=", tester.email).executeTakeFirst()).toBeUndefined();
  });
});

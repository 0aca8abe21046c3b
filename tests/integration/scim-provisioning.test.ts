import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { addMember, as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startEnterpriseIdp } from "../support/enterprise-idp.js";
import { EXTENSION_ID, extensionTokens, refresh } from "../support/oauth.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const SCIM = "/scim/v2";
const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0] as string);
const unique = () => crypto.randomUUID().slice(0, 8);

/** A team with a verified domain, an active OpenID Connect connection to the run's provider, and a provisioning token. */
interface Team {
  id: string;
  domain: string;
  admin: TestUser;
  token: string;
}

describe.each(DATABASE_KINDS)("SCIM 2.0 provisioning on %s", (kind) => {
  let idp: Awaited<ReturnType<typeof startEnterpriseIdp>>;
  let smtp: Smtp;
  let server: TestServer;
  let team: Team;
  let other: Team;

  /** A SCIM request as a directory sends it: its bearer token and SCIM's content type. */
  const scim = (path: string, init: { method?: string; body?: unknown; token?: string | null; lang?: string } = {}) => {
    const headers: Record<string, string> = { accept: "application/scim+json" };
    if (init.token !== null) headers.authorization = `Bearer ${init.token ?? team.token}`;
    if (init.lang) headers["accept-language"] = init.lang;
    if (init.body !== undefined) headers["content-type"] = "application/scim+json";
    const body = init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    return server.fetch(`${SCIM}${path}`, { method: init.method ?? "GET", headers, body });
  };
  const patch = (id: string, operations: unknown[], token?: string) =>
    scim(`/Users/${id}`, { method: "PATCH", token, body: { schemas: [PATCH_SCHEMA], Operations: operations } });
  const errorOf = async (res: Response) => {
    expect(res.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.schemas).toEqual([ERROR_SCHEMA]);
    expect(body.status).toBe(String(res.status));
    expect(typeof body.detail).toBe("string");
    return body;
  };
  const newUser = (local: string, domain = team.domain) => {
    const email = `${local}-${unique()}@${domain}`;
    return {
      schemas: [USER_SCHEMA],
      userName: email,
      externalId: `ext-${unique()}`,
      name: { givenName: "Grace", familyName: "Hopper" },
      emails: [{ primary: true, value: email, type: "work" }],
      active: true,
    };
  };

  async function makeTeam(name: string): Promise<Team> {
    const domain = `${name.toLowerCase().replace(/\W+/g, "-")}-${unique()}.com`;
    const admin = await signedInUser(server, smtp, `${name} Admin`);
    await subscribePro(server, admin, name);
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(admin) })).json();
    const id = (teams.items as { id: string }[])[0]?.id as string;
    const added = (await (await server.fetch(`/api/teams/${id}/domains`, json({ domain }, as(admin)))).json()) as { id: string };
    await server.fetch(`/api/teams/${id}/domains/${added.id}/code`, json({ email: `it@${domain}` }, as(admin)));
    const code = codeIn(await smtp.waitFor(`it@${domain}`));
    expect((await server.fetch(`/api/teams/${id}/domains/${added.id}/verify`, json({ code }, as(admin)))).status).toBe(200);
    const body = {
      issuer: idp.issuer,
      clientId: "crm",
      clientSecret: "secret",
      domains: [domain],
      defaultRole: "member",
      provisioning: true,
    };
    const connection = (await (await server.fetch(`/api/teams/${id}/sso/oidc`, json(body, as(admin)))).json()) as { id: string };
    expect((await server.fetch(`/api/teams/${id}/sso/${connection.id}/state`, json({ state: "active" }, as(admin)))).status).toBe(200);
    const created = await server.fetch(`/api/teams/${id}/scim-tokens`, { method: "POST", headers: as(admin) });
    expect(created.status).toBe(201);
    return { id, domain, admin, token: ((await created.json()) as { token: string }).token };
  }

  /** A sign-in through the team's provider as the person with this address: where it lands, and the session cookie. */
  async function ssoSignIn(email: string) {
    const start = await server.fetch("/api/auth/sso/start", json({ email, lang: "en" }));
    const { url } = (await start.json()) as { url: string };
    const authorize = await fetch(url, {
      redirect: "manual",
      headers: { cookie: idp.identityCookie({ email, given_name: "Grace", family_name: "Hopper" }) },
    });
    const callback = (authorize.headers.get("location") as string).slice(server.url.length);
    const back = await server.fetch(callback, { headers: { cookie: cookiesOf(start).join("; ") } });
    const cookie = cookiesOf(back).find((c) => c.includes("session_token=") && !c.endsWith("=")) ?? "";
    return { location: back.headers.get("location") as string, cookie };
  }
  const sessionOf = async (cookie: string) =>
    (await (await server.fetch("/api/auth/get-session", { headers: { cookie } })).json()) as unknown;
  const roleIn = async (teamId: string, userId: string) =>
    (
      await server.db
        .selectFrom("member")
        .select("role")
        .where("organizationId", "=", teamId)
        .where("userId", "=", userId)
        .executeTakeFirst()
    )?.role;
  const userIdOf = async (email: string) =>
    (await server.db.selectFrom("user").select("id").where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    idp = await startEnterpriseIdp();
    smtp = await startSmtpCapture();
    // With TEST_REDIS_URL, sessions are kept in Redis too: deprovisioning must end them there.
    server = await startTestServer(kind, { SMTP_URL: smtp.url, EXTENSION_IDS: EXTENSION_ID, REDIS_URL: process.env.TEST_REDIS_URL ?? "" });
    team = await makeTeam("Northwind Talent");
    other = await makeTeam("Contoso Staffing");
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await idp?.stop();
  });

  it("gives a team admin a token shown once and stored hashed, lists when it was made and last used, and revokes it", async () => {
    const member = await signedInUser(server, smtp, "Max Member");
    await addMember(server, team.admin, member, team.id);
    expect((await server.fetch(`/api/teams/${team.id}/scim-tokens`, { method: "POST", headers: as(member) })).status).toBe(403);
    expect((await server.fetch(`/api/teams/${team.id}/scim-tokens`, { headers: as(member) })).status).toBe(403);

    const created = await server.fetch(`/api/teams/${team.id}/scim-tokens`, { method: "POST", headers: as(team.admin) });
    const { token, item } = (await created.json()) as { token: string; item: { id: string; start: string; lastUsedAt: null } };
    expect(token).toMatch(/^rcscim_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(item.start)).toBe(true);
    const stored = await server.db.selectFrom("scim_token").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);

    const list = async () =>
      (await (await server.fetch(`/api/teams/${team.id}/scim-tokens`, { headers: as(team.admin) })).json()) as {
        baseUrl: string;
        items: { id: string; start: string; lastUsedAt: string | null }[];
      };
    const before = await list();
    expect(before.baseUrl).toBe(`${server.url}/scim/v2`);
    expect(JSON.stringify(before)).not.toContain(token);
    expect(before.items.find((t) => t.id === item.id)?.lastUsedAt).toBeNull();
    expect((await scim("/Users?count=1", { token })).status).toBe(200);
    expect((await list()).items.find((t) => t.id === item.id)?.lastUsedAt).not.toBeNull();

    expect(
      (await server.fetch(`/api/teams/${team.id}/scim-tokens/${item.id}/revoke`, { method: "POST", headers: as(member) })).status,
    ).toBe(403);
    expect(
      (await server.fetch(`/api/teams/${team.id}/scim-tokens/${item.id}/revoke`, { method: "POST", headers: as(team.admin) })).status,
    ).toBe(200);
    const revoked = await scim("/Users", { token });
    expect(revoked.status).toBe(401);
    expect((await list()).items.some((t) => t.id === item.id)).toBe(false);
    const actions = await server.db.selectFrom("audit_log").select("action").where("targetId", "=", team.id).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["team.scim_token.create", "team.scim_token.revoke"]));
  });

  it("refuses a missing, wrong or malformed token and a session cookie with 401 in SCIM's error form", async () => {
    const wrong = `rcscim_${"A".repeat(43)}`;
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${wrong}` },
      { authorization: "Bearer not a token" },
      { authorization: "Basic abc" },
      { cookie: team.admin.cookie },
    ];
    for (const headers of attempts) {
      const res = await server.fetch(`${SCIM}/Users`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="scim"');
      expect(await errorOf(res)).not.toHaveProperty("scimType");
    }
    const german = await errorOf(await scim("/ServiceProviderConfig", { token: wrong, lang: "de" }));
    expect(german.detail).toBe("Das Bereitstellungs-Token fehlt, ist falsch oder wurde widerrufen.");
  });

  it("describes itself as RFC 7643 says: Users with PATCH and filters, no Groups, no bulk", async () => {
    const config = await scim("/ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    expect(await config.json()).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: "oauthbearertoken", primary: true }],
    });
    const types = (await (await scim("/ResourceTypes")).json()) as { totalResults: number; Resources: Record<string, unknown>[] };
    expect(types.totalResults).toBe(1);
    expect(types.Resources[0]).toMatchObject({ id: "User", endpoint: "/Users", schema: USER_SCHEMA });
    expect((await scim("/ResourceTypes/Group")).status).toBe(404);
    const schemas = (await (await scim("/Schemas")).json()) as { Resources: { id: string; attributes: { name: string }[] }[] };
    expect(schemas.Resources.map((s) => s.id)).toEqual([USER_SCHEMA]);
    expect(schemas.Resources[0]?.attributes.map((a) => a.name)).toEqual(expect.arrayContaining(["userName", "name", "emails", "active"]));
    expect(((await (await scim(`/Schemas/${USER_SCHEMA}`)).json()) as { id: string }).id).toBe(USER_SCHEMA);
    for (const path of ["/Groups", "/Bulk"]) {
      const res = await scim(path, { method: path === "/Bulk" ? "POST" : "GET", body: path === "/Bulk" ? {} : undefined });
      expect(res.status).toBe(501);
      await errorOf(res);
    }
  });

  it("runs a directory's whole cycle: create, filter, deactivate, reactivate, update and delete, with the membership and every session", async () => {
    const resource = newUser("grace");
    const email = resource.userName;
    // A directory first asks whether the person exists.
    const none = await scim(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    expect(await none.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim("/Users", { method: "POST", body: resource });
    expect(created.status).toBe(201);
    const user = (await created.json()) as Record<string, unknown> & { id: string; meta: { location: string } };
    expect(created.headers.get("location")).toBe(user.meta.location);
    expect(user).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: email,
      externalId: resource.externalId,
      active: true,
      name: { givenName: "Grace", familyName: "Hopper" },
      emails: [{ value: email, primary: true }],
      meta: { resourceType: "User", location: `${server.url}/scim/v2/Users/${user.id}` },
    });
    const userId = await userIdOf(email);
    const account = await server.db.selectFrom("user").select(["emailVerified", "name"]).where("id", "=", userId).executeTakeFirstOrThrow();
    expect(account).toEqual({ emailVerified: true, name: "Grace Hopper" });
    expect(await roleIn(team.id, userId)).toBe("member");
    expect(await (await scim(`/Users/${user.id}`)).json()).toMatchObject({ id: user.id, userName: email });
    const found = (await (await scim(`/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`)).json()) as {
      totalResults: number;
      Resources: { id: string }[];
    };
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0]?.id).toBe(user.id);
    const again = await scim("/Users", { method: "POST", body: resource });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).scimType).toBe("uniqueness");

    // The person signs in through the team's provider, lets the extension in and makes an API key.
    const { location, cookie } = await ssoSignIn(email);
    expect(location).toBe("/en/dashboard");
    expect(await sessionOf(cookie)).toMatchObject({ user: { id: userId } });
    const tokens = await extensionTokens(server, cookie);
    const key = (await (
      await server.fetch("/api/account/api-keys", json({ name: "Script", scopes: ["profile"], expiresInDays: 30 }, { cookie }))
    ).json()) as { key: string };
    expect((await server.fetch("/api/v1/me", { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(200);

    // Okta deactivates: a value object without a path.
    const deactivated = await patch(user.id, [{ op: "replace", value: { active: false } }]);
    expect(deactivated.status).toBe(200);
    expect(((await deactivated.json()) as { active: boolean }).active).toBe(false);
    expect(await roleIn(team.id, userId)).toBeUndefined();
    expect(await sessionOf(cookie)).toBeNull();
    expect((await refresh(server, tokens.refresh_token)).status).toBeGreaterThanOrEqual(400);
    expect((await server.fetch("/api/v1/me", { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(401);
    expect(await server.db.selectFrom("api_key").select("id").where("user_id", "=", userId).execute()).toEqual([]);
    // While deactivated, signing in through the provider is refused, and nothing brings the membership back.
    const refused = await ssoSignIn(email);
    expect(refused).toEqual({ location: "/en/sign-in/sso?error=sso_account_deactivated", cookie: "" });
    expect(await roleIn(team.id, userId)).toBeUndefined();

    // Entra ID reactivates: a path, a capitalised operation and the boolean as a string.
    const reactivated = await patch(user.id, [{ op: "Replace", path: "active", value: "True" }]);
    expect(((await reactivated.json()) as { active: boolean }).active).toBe(true);
    expect(await roleIn(team.id, userId)).toBe("member");
    expect((await ssoSignIn(email)).location).toBe("/en/dashboard");

    // Entra ID's name and address changes; the new address must be at the team's domain too.
    const renamed = `grace.h-${unique()}@${team.domain}`;
    const changed = await patch(user.id, [
      { op: "Replace", path: "name.givenName", value: "Gracie" },
      { op: "Add", path: 'emails[type eq "work"].value', value: renamed },
      { op: "Replace", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "Research" },
    ]);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ name: { givenName: "Gracie" }, emails: [{ value: renamed }] });
    expect(
      await server.db.selectFrom("user").select(["email", "name", "firstName"]).where("id", "=", userId).executeTakeFirstOrThrow(),
    ).toEqual({
      email: renamed,
      name: "Gracie Hopper",
      firstName: "Gracie",
    });
    const elsewhere = await patch(user.id, [{ op: "replace", path: "emails", value: [{ value: `grace@${other.domain}`, primary: true }] }]);
    expect(elsewhere.status).toBe(400);
    expect((await errorOf(elsewhere)).scimType).toBe("invalidValue");

    // Okta's full replacement.
    const replaced = await scim(`/Users/${user.id}`, {
      method: "PUT",
      body: {
        ...resource,
        userName: renamed,
        name: { givenName: "Grace", familyName: "Murray" },
        emails: [{ value: renamed, primary: true }],
      },
    });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ userName: renamed, name: { familyName: "Murray" }, active: true });

    // Deleted: out of the team, every session ends, and the account the directory made is erased.
    const session = await ssoSignIn(renamed);
    const deleted = await scim(`/Users/${user.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect(await roleIn(team.id, userId)).toBeUndefined();
    expect(await sessionOf(session.cookie)).toBeNull();
    const tombstone = await server.db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(tombstone.email).toMatch(/@deleted\.invalid$/);
    expect((await scim(`/Users/${user.id}`)).status).toBe(404);
    const audited = await server.db.selectFrom("audit_log").select("action").where("targetId", "=", userId).execute();
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(["team.scim.provision", "team.scim.deactivate", "team.scim.reactivate", "team.scim.delete"]),
    );
  });

  it("pages a list by startIndex and count", async () => {
    const made: string[] = [];
    for (const local of ["ann", "ben", "cat"]) {
      const res = await scim("/Users", { method: "POST", body: newUser(local) });
      made.push(((await res.json()) as { id: string }).id);
    }
    const all = (await (await scim("/Users")).json()) as { totalResults: number; Resources: { id: string }[] };
    expect(all.Resources.map((r) => r.id)).toEqual(expect.arrayContaining(made));
    const page = (await (await scim("/Users?startIndex=2&count=2")).json()) as Record<string, unknown> & { Resources: { id: string }[] };
    expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r) => r.id)).toEqual(all.Resources.slice(1, 3).map((r) => r.id));
    expect(await (await scim("/Users?count=0")).json()).toMatchObject({ totalResults: all.totalResults, Resources: [] });
  });

  it("refuses addresses outside the team's connected domains, and takes on an existing account only when it is a member", async () => {
    const outside = await scim("/Users", { method: "POST", body: newUser("out", "example.org"), lang: "de" });
    expect(outside.status).toBe(400);
    const refusal = await errorOf(outside);
    expect(refusal.scimType).toBe("invalidValue");
    expect(refusal.detail).toContain("example.org");

    // Someone at the domain signed up on their own: not the directory's to take over.
    const email = `linda-${unique()}@${team.domain}`;
    const password = "correct horse battery";
    await server.fetch("/api/auth/sign-up/email", json({ name: "Linda Own", email, password, legalConsent: true }));
    await server.fetch("/api/auth/email-otp/verify-email", json({ email, otp: codeIn(await smtp.waitFor(email)) }));
    const signIn = await server.fetch("/api/auth/sign-in/email", json({ email, password }));
    const linda = { id: await userIdOf(email), email, cookie: cookiesOf(signIn)[0] as string, token: "" };
    const body = { ...newUser("x"), userName: email, emails: [{ value: email, primary: true }] };
    const taken = await scim("/Users", { method: "POST", body });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).scimType).toBe("uniqueness");

    // Once a member, the directory takes her on; deleting her ends the membership and her sessions, but the account stays hers.
    await addMember(server, team.admin, linda, team.id);
    const adopted = await scim("/Users", { method: "POST", body });
    expect(adopted.status).toBe(201);
    const { id } = (await adopted.json()) as { id: string };
    expect((await scim(`/Users/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(await roleIn(team.id, linda.id)).toBeUndefined();
    expect(await sessionOf(linda.cookie)).toBeNull();
    expect((await server.fetch("/api/auth/sign-in/email", json({ email, password }))).status).toBe(200);
  });

  it("keeps each team's people to its own token", async () => {
    const mine = (await (await scim("/Users", { method: "POST", body: newUser("kept") })).json()) as { id: string; userName: string };
    const theirs = { token: other.token };
    expect((await scim(`/Users/${mine.id}`, theirs)).status).toBe(404);
    expect((await patch(mine.id, [{ op: "replace", path: "active", value: false }], other.token)).status).toBe(404);
    expect((await scim(`/Users/${mine.id}`, { ...theirs, method: "PUT", body: newUser("kept") })).status).toBe(404);
    expect((await scim(`/Users/${mine.id}`, { ...theirs, method: "DELETE" })).status).toBe(404);
    const filtered = await scim(`/Users?filter=${encodeURIComponent(`userName eq "${mine.userName}"`)}`, theirs);
    expect(await filtered.json()).toMatchObject({ totalResults: 0 });
    const listed = (await (await scim("/Users", theirs)).json()) as { Resources: { id: string }[] };
    expect(listed.Resources.some((r) => r.id === mine.id)).toBe(false);
    // Nor can it provision an address at this team's domain.
    expect((await scim("/Users", { ...theirs, method: "POST", body: newUser("stolen") })).status).toBe(400);
    expect(await (await scim(`/Users/${mine.id}`)).json()).toMatchObject({ active: true });
  });

  it("lets an operator see a team's connections and switch one off, which stops sign-in and provisioning through it", async () => {
    const operator = await signedInUser(server, smtp, "Olga Operator");
    await setOperatorRole(server.db, operator.email, true);
    const detail = async () =>
      (await (await server.fetch(`/api/admin/teams/${other.id}`, { headers: as(operator) })).json()) as {
        connections: { id: string; state: string; domains: string[]; disabled: boolean; lastUsedAt: string | null }[];
      };
    const [connection] = (await detail()).connections;
    expect(connection).toMatchObject({ state: "active", domains: [other.domain], disabled: false, lastUsedAt: null });
    const id = connection?.id as string;
    const off = `/api/admin/teams/${other.id}/sso/${id}/disable`;
    expect((await server.fetch(off, { method: "POST", headers: as(other.admin) })).status).toBe(403);
    expect((await server.fetch(off, { method: "POST", headers: as(operator) })).status).toBe(200);
    expect((await detail()).connections[0]?.disabled).toBe(true);
    const settings = await (await server.fetch(`/api/teams/${other.id}/sso`, { headers: as(other.admin) })).json();
    expect(settings.connections[0].disabled).toBe(true);
    expect((await server.fetch("/api/auth/sso/start", json({ email: `someone@${other.domain}` }))).status).toBe(404);
    expect((await scim("/Users", { token: other.token, method: "POST", body: newUser("paused", other.domain) })).status).toBe(400);

    expect((await server.fetch(`/api/admin/teams/${other.id}/sso/${id}/enable`, { method: "POST", headers: as(operator) })).status).toBe(
      200,
    );
    expect((await scim("/Users", { token: other.token, method: "POST", body: newUser("back", other.domain) })).status).toBe(201);
    const audit = await server.db
      .selectFrom("audit_log")
      .select(["action", "actorEmail"])
      .where("targetId", "=", other.id)
      .where("action", "in", ["team.sso.disable", "team.sso.enable"])
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "team.sso.disable", actorEmail: operator.email },
        { action: "team.sso.enable", actorEmail: operator.email },
      ]),
    );
    expect((await server.fetch(`/api/admin/teams/${other.id}/sso/missing/disable`, { method: "POST", headers: as(operator) })).status).toBe(
      404,
    );
  });

  it("answers malformed requests with SCIM's 400, never a server error", async () => {
    const target = (await (await scim("/Users", { method: "POST", body: newUser("target") })).json()) as { id: string };
    const posts: [unknown, string][] = [
      ["{not json", "invalidSyntax"],
      [[], "invalidSyntax"],
      [null, "invalidSyntax"],
      [{}, "invalidValue"],
      [{ userName: 5 }, "invalidValue"],
      [{ userName: "x".repeat(300) }, "invalidValue"],
      [{ userName: "no-address" }, "invalidValue"],
      [{ userName: `a@${team.domain}`, emails: "nope" }, "invalidValue"],
      [{ userName: `a@${team.domain}`, emails: [{ value: "not an address" }] }, "invalidValue"],
      [{ userName: `a@${team.domain}`, active: "maybe" }, "invalidValue"],
      [{ userName: `a@${team.domain}`, name: "Grace" }, "invalidValue"],
      [{ userName: `nul\u0000@${team.domain}` }, "invalidValue"],
    ];
    for (const [body, scimType] of posts) {
      const res = await scim("/Users", { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect({ body, scimType: (await errorOf(res)).scimType }).toEqual({ body, scimType });
    }
    const patches: [unknown, string][] = [
      [{ Operations: "all" }, "invalidSyntax"],
      [{ Operations: [] }, "invalidSyntax"],
      [{ Operations: [{ op: "jump", path: "active", value: false }] }, "invalidSyntax"],
      [{ Operations: [{ op: "remove" }] }, "noTarget"],
      [{ Operations: [{ op: "replace", path: "emails[type eq", value: "x" }] }, "invalidPath"],
      [{ Operations: [{ op: "replace", path: 7, value: "x" }] }, "invalidPath"],
      [{ Operations: [{ op: "replace", path: "active", value: "maybe" }] }, "invalidValue"],
      [{ Operations: [{ op: "replace", value: "not an object" }] }, "invalidValue"],
      [{ Operations: [{ op: "remove", path: "userName" }] }, "invalidValue"],
    ];
    for (const [body, scimType] of patches) {
      const res = await scim(`/Users/${target.id}`, { method: "PATCH", body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect({ body, scimType: (await errorOf(res)).scimType }).toEqual({ body, scimType });
    }
    for (const filter of ['userName co "a"', "userName eq", 'title eq "x"', 'userName eq "\\u0000"', "(", ""]) {
      const res = await scim(`/Users?filter=${encodeURIComponent(filter)}`);
      expect({ filter, status: res.status }).toEqual({ filter, status: 400 });
      expect((await errorOf(res)).scimType).toBe("invalidFilter");
    }
    const nul = await scim("/Users/%00");
    expect(nul.status).toBe(400);
    await errorOf(nul);
    expect((await scim("/Users?startIndex=x&count=-4")).status).toBe(200);
    expect((await scim(`/Users/${target.id}`, { method: "POST", body: {} })).status).toBe(405);
    expect((await scim("/Elsewhere")).status).toBe(404);
    expect(await (await scim(`/Users/${target.id}`)).json()).toMatchObject({ active: true });
  });
});

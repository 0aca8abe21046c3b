import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { as, type TeamFixture, teamFixture } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const EXTENSION = "abcdefghijklmnopabcdefghijklmnop";
const OTHER_EXTENSION = "ponmlkjihgfedcbaponmlkjihgfedcba";

/** The public API (docs/decisions/093, 094): bearer credentials, problem documents, scopes, keys and their pages' endpoints. */
describe.each(DATABASE_KINDS)("the API under /api/v1 on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let fx: TeamFixture;
  let operator: TestUser;

  const api = (path: string, credential?: string, headers: Record<string, string> = {}) =>
    server.fetch(path, { headers: { ...(credential ? { authorization: `Bearer ${credential}` } : {}), ...headers } });
  const createKey = async (user: TestUser, body: unknown, path = "/api/account/api-keys") => {
    const res = await server.fetch(path, json(body, as(user)));
    return { status: res.status, body: await res.json() };
  };
  const personalKey = async (user: TestUser, scopes: string[], expiresInDays: number | null = 30) => {
    const created = await createKey(user, { name: `Key ${scopes.join(" ")}`, scopes, expiresInDays });
    expect(created.status).toBe(201);
    return created.body as { key: string; item: { id: string; start: string } };
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, EXTENSION_IDS: EXTENSION });
    fx = await teamFixture(server, smtp);
    operator = await signedInUser(server, smtp, "Olga Operator");
    await setOperatorRole(server.db, operator.email, true);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("refuses a request without a credential with a problem document in the asked language and WWW-Authenticate", async () => {
    const en = await api("/api/v1/me");
    expect(en.status).toBe(401);
    expect(en.headers.get("content-type")).toBe("application/problem+json");
    expect(en.headers.get("www-authenticate")).toBe('Bearer realm="api", error="invalid_token"');
    expect(await en.json()).toEqual({
      type: `${server.url}/en/developers#invalid_token`,
      title: "Unauthorized",
      status: 401,
      detail: "The access token or API key is missing, expired or revoked.",
      code: "invalid_token",
    });
    const de = await api("/api/v1/entitlements", undefined, { "accept-language": "de-DE,de;q=0.9" });
    expect(await de.json()).toMatchObject({
      title: "Nicht angemeldet",
      detail: "Das Zugriffstoken oder der API-Schlüssel fehlt, ist abgelaufen oder wurde widerrufen.",
    });
    // The site's session cookie is no credential here.
    expect((await api("/api/v1/me", undefined, as(fx.admin))).status).toBe(401);
    // Nor is the session's bearer token of the identity library.
    expect((await api("/api/v1/me", fx.admin.token)).status).toBe(401);
  });

  it("refuses malformed Authorization headers with 400 invalid_request, and unknown or non-key tokens with 401", async () => {
    for (const header of [
      "Basic dXNlcjpwYXNz",
      "Bearer",
      "Bearer a b",
      "Bearer rcrm_x\u00e4",
      `Bearer ${"a".repeat(5000)}`,
      "Bearerrcrm_abc",
    ]) {
      const res = await server.fetch("/api/v1/me", { headers: { authorization: header } });
      expect(res.status, header).toBe(400);
      expect(res.headers.get("www-authenticate")).toContain('error="invalid_request"');
      expect((await res.json()).code).toBe("invalid_request");
    }
    const forged = `rcrm_${"A".repeat(43)}`;
    for (const token of [forged, "rcrm_short", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "not-a-token"]) {
      const res = await api("/api/v1/me", token);
      expect(res.status, token).toBe(401);
      expect((await res.json()).code).toBe("invalid_token");
    }
  });

  it("creates a personal key shown once and stored as a hash; the key reads what its scopes allow", async () => {
    expect((await server.fetch("/api/account/api-keys", json({ name: "x", scopes: ["email"], expiresInDays: 30 }))).status).toBe(401);
    for (const bad of [
      { name: "", scopes: ["email"], expiresInDays: 30 },
      { name: "x", scopes: [], expiresInDays: 30 },
      { name: "x", scopes: ["admin"], expiresInDays: 30 },
      { name: "x", scopes: ["email"], expiresInDays: 7 },
    ]) {
      const refused = await createKey(fx.stranger, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("invalid_api_key");
    }
    const { key, item } = await personalKey(fx.stranger, ["profile"]);
    expect(key).toMatch(/^rcrm_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(item.start)).toBe(true);
    const stored = await server.db.selectFrom("api_key").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.slice(item.start.length));
    const list = await (await server.fetch("/api/account/api-keys", { headers: as(fx.stranger) })).json();
    expect(list.items).toMatchObject([{ id: item.id, name: "Key profile", start: item.start, scopes: ["profile"], lastUsedAt: null }]);
    expect(JSON.stringify(list)).not.toContain(key);

    const me = await api("/api/v1/me", key);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ id: fx.stranger.id, name: "Sam Stranger", image: null, locale: "en" });
    const listed = await (await server.fetch("/api/account/api-keys", { headers: as(fx.stranger) })).json();
    expect(listed.items[0].lastUsedAt).not.toBeNull();

    const refused = await api("/api/v1/entitlements", key, { "accept-language": "de" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="api", error="insufficient_scope", scope="entitlements:read"');
    expect(await refused.json()).toMatchObject({ code: "insufficient_scope", title: "Nicht erlaubt", status: 403 });
  });

  it("answers entitlements from the subscription and the team quota, with an ETag, 304 and private caching", async () => {
    const { key } = await personalKey(fx.admin, ["entitlements:read", "teams:read", "email"]);
    const res = await api("/api/v1/entitlements", key);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=60");
    const body = await res.json();
    expect(body).toMatchObject({
      plan: "pro",
      status: "trialing",
      features: { teams: true, proFeatures: true },
      limits: { teamMembers: 25 },
      teams: [{ id: fx.team.id, name: fx.team.name, role: "admin", plan: "pro" }],
    });
    expect(Date.parse(body.trialEndsAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const etag = res.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await api("/api/v1/entitlements", key, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);

    // A member without a subscription of their own: the free plan, their team on the admin's plan.
    const { key: memberKey } = await personalKey(fx.member, ["entitlements:read"]);
    const member = await (await api("/api/v1/entitlements", memberKey)).json();
    expect(member).toEqual({
      plan: "individual",
      status: null,
      trialEndsAt: null,
      features: { teams: false, proFeatures: false },
      limits: { teamMembers: 5 },
    });

    // The subscription ends: within seconds the answer says so, under another ETag (an instance reuses an answer for 3 s).
    await server.db.updateTable("billing_subscription").set({ status: "canceled" }).where("user_id", "=", fx.admin.id).execute();
    await expect
      .poll(async () => (await api("/api/v1/entitlements", key, { "if-none-match": etag })).status, { timeout: 15_000, interval: 500 })
      .toBe(200);
    const changed = await api("/api/v1/entitlements", key);
    expect(await changed.json()).toMatchObject({ plan: "individual", status: "canceled", trialEndsAt: null, features: { teams: false } });
    await server.db.updateTable("billing_subscription").set({ status: "trialing" }).where("user_id", "=", fx.admin.id).execute();
  });

  it("lists a member's teams and a team's members to members only", async () => {
    const { key } = await personalKey(fx.member, ["teams:read"]);
    const teams = await (await api("/api/v1/teams", key)).json();
    expect(teams).toEqual({ items: [{ id: fx.team.id, name: fx.team.name, slug: expect.any(String), role: "member", plan: "pro" }] });
    const members = await (await api(`/api/v1/teams/${fx.team.id}/members`, key)).json();
    expect(members).toMatchObject({ total: 4, page: 1, pageSize: 100 });
    expect(members.items.map((m: { name: string }) => m.name)).toEqual(["Ada Admin", "Max Member", "Cleo Colleague", "Gil Guest"]);
    const { key: strangerKey } = await personalKey(fx.stranger, ["teams:read"]);
    expect((await api("/api/v1/teams", strangerKey).then((r) => r.json())).items).toEqual([]);
    const hidden = await api(`/api/v1/teams/${fx.team.id}/members`, strangerKey);
    expect(hidden.status).toBe(404);
    expect((await hidden.json()).code).toBe("team_not_found");
    expect((await api(`/api/v1/teams/${fx.team.id}/members?page=0`, key)).status).toBe(400);
  });

  it("gives team keys to admins only; a team key reads its team and stops when its maker leaves or the team goes", async () => {
    const teamPath = `/api/teams/${fx.team.id}/api-keys`;
    expect((await createKey(fx.member, { name: "Mine", scopes: ["teams:read"], expiresInDays: null }, teamPath)).status).toBe(403);
    expect((await createKey(fx.stranger, { name: "Mine", scopes: ["teams:read"], expiresInDays: null }, teamPath)).status).toBe(404);
    const wide = await createKey(fx.admin, { name: "Wide", scopes: ["teams:read", "email"], expiresInDays: null }, teamPath);
    expect(wide).toMatchObject({ status: 400, body: { code: "invalid_api_key_scopes" } });
    const created = await createKey(fx.admin, { name: "Sync", scopes: ["teams:read"], expiresInDays: 365 }, teamPath);
    expect(created.status).toBe(201);
    const { key } = created.body as { key: string };
    expect((await api("/api/v1/teams", key).then((r) => r.json())).items).toMatchObject([{ id: fx.team.id, role: null }]);
    expect((await api(`/api/v1/teams/${fx.team.id}/members`, key)).status).toBe(200);
    expect((await api("/api/v1/me", key)).status).toBe(403);
    expect((await api("/api/v1/entitlements", key)).status).toBe(403);
    const teamKeys = await (await server.fetch(teamPath, { headers: as(fx.admin) })).json();
    expect(teamKeys.items).toMatchObject([{ name: "Sync", createdBy: { id: fx.admin.id, email: fx.admin.email } }]);
    expect((await server.fetch(teamPath, { headers: as(fx.member) })).status).toBe(403);

    // The admin's key dies when the admin leaves the team.
    await server.db.updateTable("member").set({ role: "admin" }).where("userId", "=", fx.colleague.id).execute();
    const colleagues = await createKey(fx.colleague, { name: "Colleague's", scopes: ["teams:read"], expiresInDays: 30 }, teamPath);
    expect((await api("/api/v1/teams", colleagues.body.key)).status).toBe(200);
    const removed = await server.fetch(
      "/api/auth/organization/remove-member",
      json({ memberIdOrEmail: fx.colleagueId, organizationId: fx.team.id }, as(fx.admin)),
    );
    expect(removed.status).toBe(200);
    expect((await api("/api/v1/teams", colleagues.body.key)).status).toBe(401);
    expect((await api("/api/v1/teams", key)).status).toBe(200);
  });

  it("lets keys be revoked by their owner and by operators, audited, and refuses them at once", async () => {
    const { key, item } = await personalKey(fx.guest, ["email"]);
    expect((await api("/api/v1/me", key)).status).toBe(200);
    const foreign = await server.fetch(`/api/account/api-keys/${item.id}/revoke`, json({}, as(fx.stranger)));
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).code).toBe("api_key_not_found");
    expect((await server.fetch(`/api/account/api-keys/${item.id}/revoke`, json({}, as(fx.guest)))).status).toBe(200);
    expect((await api("/api/v1/me", key)).status).toBe(401);

    const second = await personalKey(fx.guest, ["email"]);
    expect((await server.fetch(`/api/admin/users/${fx.guest.id}/api-keys`, { headers: as(fx.guest) })).status).toBe(403);
    const seen = await (await server.fetch(`/api/admin/users/${fx.guest.id}/api-keys`, { headers: as(operator) })).json();
    expect(seen.items).toMatchObject([{ id: second.item.id }]);
    expect((await server.fetch(`/api/admin/api-keys/${second.item.id}/revoke`, json({}, as(fx.admin)))).status).toBe(403);
    expect((await server.fetch(`/api/admin/api-keys/${second.item.id}/revoke`, json({}, as(operator)))).status).toBe(200);
    expect((await api("/api/v1/me", second.key)).status).toBe(401);
    const audit = await server.db
      .selectFrom("audit_log")
      .select(["action", "actorId", "targetId"])
      .where("targetId", "=", fx.guest.id)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "api_key.create", actorId: fx.guest.id, targetId: fx.guest.id },
      { action: "api_key.revoke", actorId: fx.guest.id, targetId: fx.guest.id },
      { action: "api_key.create", actorId: fx.guest.id, targetId: fx.guest.id },
      { action: "api_key.revoke", actorId: operator.id, targetId: fx.guest.id },
    ]);
  });

  it("refuses expired keys and the keys of a banned user", async () => {
    const { key, item } = await personalKey(fx.stranger, ["email"], 30);
    expect((await api("/api/v1/me", key)).status).toBe(200);
    await server.db
      .updateTable("api_key")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", item.id)
      .execute();
    expect((await api("/api/v1/me", key)).status).toBe(401);
    const fresh = await personalKey(fx.stranger, ["email"], null);
    const ban = await server.fetch(`/api/admin/users/${fx.stranger.id}/ban`, json({ reason: "spam" }, as(operator)));
    expect(ban.status).toBe(200);
    expect((await api("/api/v1/me", fresh.key)).status).toBe(401);
  });

  it("allows exactly the configured extension origins, without credentials, and leaves the site's API alone", async () => {
    const origin = `chrome-extension://${EXTENSION}`;
    const preflight = await server.fetch("/api/v1/entitlements", {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const answer = await api("/api/v1/me", undefined, { origin });
    expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
    expect(answer.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    for (const other of [`chrome-extension://${OTHER_EXTENSION}`, "https://evil.example", "null"]) {
      const res = await server.fetch("/api/v1/me", {
        method: "OPTIONS",
        headers: { origin: other, "access-control-request-method": "GET" },
      });
      expect(res.headers.get("access-control-allow-origin"), other).toBeNull();
    }
    const site = await server.fetch("/api/auth/get-session", { headers: { origin } });
    expect(site.headers.get("access-control-allow-origin")).toBeNull();
    const subscription = await server.fetch("/api/subscription", { headers: { origin } });
    expect(subscription.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("publishes an OpenAPI 3.1 document of every route, generated from the schemas the answers follow, and the reference page", async () => {
    const doc = await (await server.fetch("/api/v1/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(["/api/v1/entitlements", "/api/v1/me", "/api/v1/teams", "/api/v1/teams/{id}/members"]);
    const entitlements = doc.paths["/api/v1/entitlements"].get;
    expect(entitlements.security).toContainEqual({ oauth2: ["entitlements:read"] });
    expect(Object.keys(entitlements.responses).sort()).toEqual(["200", "304", "400", "401", "403", "429"]);
    expect(entitlements.responses["401"].content["application/problem+json"].schema).toEqual({ $ref: "#/components/schemas/Problem" });
    const { key } = await personalKey(fx.admin, ["entitlements:read", "teams:read"]);
    const real = await (await api("/api/v1/entitlements", key)).json();
    const schema = doc.components.schemas.Entitlements;
    expect(Object.keys(real).sort()).toEqual(Object.keys(schema.properties).sort());
    expect(schema.required.every((name: string) => name in real)).toBe(true);
    expect(Object.keys(real.teams[0]).sort()).toEqual(Object.keys(doc.components.schemas.Team.properties).sort());
    expect(doc.paths["/api/v1/teams/{id}/members"].get.parameters).toMatchObject([
      { name: "id", in: "path", required: true },
      { name: "page", in: "query", required: false },
    ]);

    const page = await server.fetch("/api/v1/docs", { headers: { "accept-language": "de" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(await page.text()).toContain("API-Referenz");
    expect((await server.fetch("/api/v1/docs/reference.js")).headers.get("content-type")).toContain("javascript");
    const unknown = await api("/api/v1/nothing");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("application/problem+json");
    const post = await server.fetch("/api/v1/me", { method: "POST" });
    expect(post.status).toBe(405);
    expect((await post.json()).code).toBe("method_not_allowed");
  });

  it("never answers 5xx to a fuzzed Authorization header", async () => {
    const alphabet = [
      "rcrm_",
      "Bearer ",
      "bearer ",
      " ",
      "\t",
      "=",
      ".",
      "-",
      "_",
      "~",
      "+",
      "/",
      "A",
      "z",
      "9",
      "é",
      "%00",
      "eyJ",
      ",",
      '"',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 150; i++) {
      let header = random() < 0.7 ? "Bearer " : "";
      const length = Math.floor(random() * 60);
      for (let j = 0; j < length; j++) header += alphabet[Math.floor(random() * alphabet.length)];
      let res: Response;
      try {
        res = await server.fetch("/api/v1/entitlements", { headers: { authorization: header } });
      } catch {
        continue; // a header fetch itself refuses to send (a tab or non-Latin-1 character)
      }
      expect([400, 401], JSON.stringify(header)).toContain(res.status);
      expect((await res.json()).code).toMatch(/^invalid_(token|request)$/);
    }
  });
});

describe("the API's rate limit", () => {
  let smtp: Smtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer("pglite", { SMTP_URL: smtp.url, RATE_LIMIT: "on", API_RATE_LIMIT: "3" });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("allows API_RATE_LIMIT requests a minute per key, says so in RateLimit headers, then answers 429 with Retry-After", async () => {
    const user = await signedInUser(server, smtp, "Rita Ratelimit");
    const keyOf = async () =>
      (await (await server.fetch("/api/account/api-keys", json({ name: "k", scopes: ["email"], expiresInDays: 30 }, as(user)))).json()).key;
    const [first, second] = [await keyOf(), await keyOf()];
    const call = (key: string) => server.fetch("/api/v1/me", { headers: { authorization: `Bearer ${key}` } });
    const answers = [await call(first), await call(first), await call(first)];
    // A window may end between two calls: the remaining count then starts again.
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-policy")).toBe('"minute";q=3;w=60');
      expect(res.headers.get("ratelimit")).toMatch(/^"minute";r=[0-2];t=\d+$/);
    }
    let refused = await call(first);
    if (refused.status === 200) refused = await call(first);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ status: 429, code: "too_many_requests" });
    expect((await call(second)).status).toBe(200);
  });
});

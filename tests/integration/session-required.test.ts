import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../server/auth/auth.js";
import { authPathNeedsSession, PUBLIC_AUTH_PATHS, UNUSED_AUTH_PATHS } from "../../server/identity-paths.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";

interface Row {
  /** "METHOD path" as the route is declared; Better Auth routes under /api/auth/. */
  route: string;
  /** Query string of the request, if any. */
  query?: string;
  /** A body the route accepts from a signed-in user (POST only). */
  valid?: Record<string, unknown>;
  /** The 401 message when it is not the usual one. */
  message?: string;
}

const SIGNED_OUT = "You need to be signed in";

/** Our routes that require a session: the ones declared with `requireSession` in server/routes/. */
const OUR_ROUTES: Row[] = [
  {
    route: "POST /api/create-checkout-session",
    valid: { userId: "someone", planType: "pro", teamName: "Acme" },
    message: "User must be authenticated to checkout",
  },
  { route: "POST /api/create-portal-session", query: "?organizationId=team", valid: {} },
  { route: "GET /api/subscription" },
  { route: "GET /api/teams", query: "?kind=member&page=2" },
  { route: "POST /api/teams", valid: { name: "Beta Hiring" } },
  { route: "GET /api/teams/:teamId" },
  { route: "GET /api/teams/:teamId/deletion" },
  { route: "POST /api/teams/:teamId/delete", valid: { confirmName: "Acme" } },
  { route: "GET /api/teams/:teamId/members", query: "?page=2&q=ada" },
  { route: "GET /api/teams/:teamId/invitations" },
  { route: "POST /api/teams/:teamId/invitations", valid: { emails: "a@example.com b@example.com", role: "member" } },
  { route: "POST /api/teams/:teamId/invitations/:invitationId/resend", valid: {} },
  { route: "POST /api/teams/:teamId/invitations/:invitationId/revoke", valid: {} },
  { route: "GET /api/teams/:teamId/billing" },
  { route: "GET /api/teams/:teamId/domains" },
  { route: "POST /api/teams/:teamId/domains", valid: { domain: "acme.com" } },
  { route: "POST /api/teams/:teamId/domains/:domainId/code", valid: { email: "hr@acme.com" } },
  { route: "POST /api/teams/:teamId/domains/:domainId/verify", valid: { code: "123456" } },
  { route: "POST /api/teams/:teamId/domains/:domainId/enrollment", valid: { mode: "automatic_suggestion" } },
  { route: "POST /api/teams/:teamId/domains/:domainId/delete", valid: {} },
  { route: "GET /api/teams/:teamId/requests" },
  { route: "POST /api/teams/:teamId/requests/:requestId/approve", valid: {} },
  { route: "POST /api/teams/:teamId/requests/:requestId/reject", valid: {} },
  { route: "GET /api/teams/:teamId/sso" },
  { route: "GET /api/account/managed" },
  {
    route: "POST /api/teams/:teamId/sso/oidc",
    valid: {
      issuer: "https://idp.example",
      clientId: "crm",
      clientSecret: "s",
      domains: ["acme.com"],
      defaultRole: "member",
      provisioning: true,
    },
  },
  {
    route: "POST /api/teams/:teamId/sso/saml",
    valid: { metadataUrl: "https://idp.example/metadata", domains: ["acme.com"], defaultRole: "member", provisioning: true },
  },
  { route: "POST /api/teams/:teamId/sso/:connectionId/state", valid: { state: "active" } },
  { route: "POST /api/teams/:teamId/sso/:connectionId/delete", valid: {} },
  { route: "POST /api/teams/:teamId/sso/:connectionId/test", valid: {} },
  { route: "GET /api/teams/:teamId/sso/tests/:testId" },
  { route: "GET /api/teams/:teamId/scim-tokens" },
  { route: "POST /api/teams/:teamId/scim-tokens", valid: {} },
  { route: "POST /api/teams/:teamId/scim-tokens/:tokenId/revoke", valid: {} },
  { route: "GET /api/team-suggestions" },
  { route: "POST /api/team-suggestions/:teamId/join", valid: {} },
  { route: "POST /api/team-suggestions/:teamId/request", valid: {} },
  { route: "PUT /api/account/image", valid: {} },
  { route: "DELETE /api/account/image" },
  { route: "PUT /api/teams/:teamId/logo", valid: {} },
  { route: "DELETE /api/teams/:teamId/logo" },
  { route: "GET /api/account/devices" },
  { route: "POST /api/account/devices/sign-out", valid: { id: "session" } },
  { route: "POST /api/account/devices/sign-out-others", valid: {} },
  { route: "POST /api/account/legal-consent", valid: { accepted: true } },
  { route: "GET /api/account/security" },
  { route: "GET /api/account/security-events" },
  { route: "POST /api/account/reverification/code", valid: {} },
  { route: "POST /api/account/reverification", valid: { answer: "correct horse battery" } },
  { route: "POST /api/account/password", valid: { newPassword: "a long new password" } },
  { route: "POST /api/account/delete", valid: { confirmation: "Delete account" } },
  { route: "GET /api/account/phone-numbers" },
  { route: "POST /api/account/phone-numbers", valid: { phoneNumber: "+49 151 23456789" } },
  { route: "POST /api/account/phone-numbers/two-factor", valid: { enabled: true } },
  { route: "POST /api/account/phone-numbers/:id/code", valid: {} },
  { route: "POST /api/account/phone-numbers/:id/verify", valid: { code: "123456" } },
  { route: "POST /api/account/phone-numbers/:id/primary", valid: {} },
  { route: "DELETE /api/account/phone-numbers/:id" },
  { route: "GET /api/account/identifiers" },
  { route: "POST /api/account/emails", valid: { email: "second@example.com" } },
  { route: "POST /api/account/emails/:id/code", valid: {} },
  { route: "POST /api/account/emails/:id/verify", valid: { code: "123456" } },
  { route: "POST /api/account/emails/:id/primary", valid: {} },
  { route: "DELETE /api/account/emails/:id" },
  { route: "POST /api/account/wallets/challenge", valid: { address: "0x0000000000000000000000000000000000000001" } },
  { route: "POST /api/account/wallets", valid: { nonce: "abcdefgh12345678", signature: "0x00" } },
  { route: "DELETE /api/account/wallets/:id" },
  { route: "POST /api/impersonation/stop", valid: {} },
  { route: "POST /api/account/data-export", valid: {} },
];

const A = "/api/auth";
const ORG = `${A}/organization`;

/** Better Auth's routes that need a session: every one but `PUBLIC_AUTH_PATHS` and the switched-off ones. */
const IDENTITY_ROUTES: Row[] = [
  { route: `POST ${A}/update-user`, valid: { name: "Mallory" } },
  { route: `POST ${A}/change-password`, valid: { currentPassword: "correct horse battery", newPassword: "another password" } },
  { route: `POST ${A}/change-email`, valid: { newEmail: "new@example.com" } },
  { route: `POST ${A}/email-otp/request-email-change`, valid: { newEmail: "new@example.com" } },
  { route: `POST ${A}/email-otp/change-email`, valid: { newEmail: "new@example.com", otp: "123456" } },
  { route: `POST ${A}/verify-password`, valid: { password: "correct horse battery" } },
  { route: `POST ${A}/delete-user`, valid: {} },
  { route: `GET ${A}/delete-user/callback`, query: "?token=t" },
  { route: `POST ${A}/update-session`, valid: {} },
  { route: `GET ${A}/list-sessions` },
  { route: `POST ${A}/revoke-session`, valid: { token: "token" } },
  { route: `POST ${A}/revoke-sessions`, valid: {} },
  { route: `POST ${A}/revoke-other-sessions`, valid: {} },
  { route: `GET ${A}/list-accounts` },
  { route: `GET ${A}/account-info`, query: "?accountId=a" },
  { route: `POST ${A}/link-social`, valid: { provider: "google" } },
  { route: `POST ${A}/unlink-account`, valid: { accountId: "account" } },
  { route: `POST ${A}/get-access-token`, valid: { providerId: "google" } },
  { route: `POST ${A}/refresh-token`, valid: { providerId: "google" } },
  { route: `POST ${A}/two-factor/enable`, valid: { password: "correct horse battery" } },
  { route: `POST ${A}/two-factor/disable`, valid: { password: "correct horse battery" } },
  { route: `POST ${A}/two-factor/get-totp-uri`, valid: { password: "correct horse battery" } },
  { route: `POST ${A}/two-factor/generate-backup-codes`, valid: { password: "correct horse battery" } },
  { route: `POST ${ORG}/create`, valid: { name: "Gamma", slug: "gamma" } },
  { route: `POST ${ORG}/check-slug`, valid: { slug: "gamma" } },
  { route: `POST ${ORG}/update`, valid: { data: { name: "Renamed" }, organizationId: "team" } },
  { route: `POST ${ORG}/delete`, valid: { organizationId: "team" } },
  { route: `POST ${ORG}/set-active`, valid: { organizationId: "team" } },
  { route: `POST ${ORG}/has-permission`, valid: { permissions: { member: ["create"] } } },
  { route: `POST ${ORG}/invite-member`, valid: { email: "new-hire@example.com", role: "member", organizationId: "team" } },
  { route: `POST ${ORG}/cancel-invitation`, valid: { invitationId: "invitation" } },
  { route: `POST ${ORG}/accept-invitation`, valid: { invitationId: "invitation" } },
  { route: `POST ${ORG}/reject-invitation`, valid: { invitationId: "invitation" } },
  { route: `POST ${ORG}/update-member-role`, valid: { memberId: "member", role: "admin", organizationId: "team" } },
  { route: `POST ${ORG}/remove-member`, valid: { memberIdOrEmail: "member", organizationId: "team" } },
  { route: `POST ${ORG}/leave`, valid: { organizationId: "team" } },
  { route: `GET ${ORG}/get-invitation`, query: "?id=invitation" },
  { route: `GET ${ORG}/get-organization`, query: "?organizationId=team" },
  { route: `GET ${ORG}/get-full-organization`, query: "?organizationId=team" },
  { route: `GET ${ORG}/get-active-member` },
  { route: `GET ${ORG}/get-active-member-role`, query: "?organizationId=team" },
  { route: `GET ${ORG}/list` },
  { route: `GET ${ORG}/list-members`, query: "?organizationId=team" },
  { route: `GET ${ORG}/list-invitations`, query: "?organizationId=team" },
  { route: `GET ${ORG}/list-user-invitations`, query: "?email=someone@example.com" },
  // The account switcher: without a session the device list is 401, not an empty list.
  { route: `GET ${A}/multi-session/list-device-sessions` },
  { route: `POST ${A}/multi-session/set-active`, valid: { sessionToken: "token" } },
  { route: `POST ${A}/oauth2/consent`, valid: { accept: true } },
  { route: `POST ${A}/multi-session/revoke`, valid: { sessionToken: "token" } },
  { route: `POST ${A}/is-username-available`, valid: { username: "ada_lovelace" } },
  // Passkeys: only signing in with one is public (its challenge and the answer).
  { route: `GET ${A}/passkey/generate-register-options`, query: "?name=Laptop" },
  { route: `POST ${A}/passkey/verify-registration`, valid: { response: {}, name: "Laptop" } },
  { route: `GET ${A}/passkey/list-user-passkeys` },
  { route: `POST ${A}/passkey/update-passkey`, valid: { id: "passkey", name: "Laptop" } },
  { route: `POST ${A}/passkey/delete-passkey`, valid: { id: "passkey" } },
];

const ROWS = [...OUR_ROUTES, ...IDENTITY_ROUTES];

const JSON_TYPE = { "content-type": "application/json" };

/** Bodies a visitor might send: none is read before the session is checked. */
const BODIES: [string, RequestInit | ((row: Row) => RequestInit)][] = [
  ["an empty body", {}],
  ["malformed JSON", { headers: JSON_TYPE, body: '{"name":' }],
  ["a valid body", (row) => ({ headers: JSON_TYPE, body: JSON.stringify(row.valid ?? {}) })],
  ["a NUL character", (row) => ({ headers: JSON_TYPE, body: JSON.stringify({ ...row.valid, name: "a\u0000b" }) })],
  ["an oversized body", { headers: JSON_TYPE, body: JSON.stringify({ name: "x".repeat(70_000) }) }],
  ["a body that is not JSON", { headers: { "content-type": "text/plain" }, body: "name=x" }],
];

const split = (route: string) => {
  const [method = "", routePath = ""] = route.split(" ");
  return { method, routePath };
};

/** The API routes declared in server/routes/*.ts with `requireSession`, as "METHOD path". */
function declaredSessionRoutes(): string[] {
  const dir = path.resolve("server/routes");
  const out: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const source = readFileSync(path.join(dir, file), "utf8");
    for (const m of source.matchAll(/app\.(get|post|put|patch|delete|all)\(\s*"([^"]+)",\s*requireSession\(/g)) {
      const [, method = "", route = ""] = m;
      out.push(`${method.toUpperCase()} ${route}`);
    }
  }
  return out.sort();
}

interface Endpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

describe.each(DATABASE_KINDS)("routes that need a session, for a visitor without one, on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Every HTTP route of Better Auth in this configuration (with Google, so every plugin is on), as "METHOD path". */
  const identityRoutes = () => {
    const config = { ...server.config, GOOGLE_CLIENT_ID: "client", GOOGLE_CLIENT_SECRET: "secret" };
    const auth = createAuth({ config, db: server.db, sendMail: async () => {}, logger: pino({ level: "silent" }) });
    return (Object.values(auth.api) as Endpoint[])
      .filter((e) => e.path && !e.options?.metadata?.SERVER_ONLY)
      .flatMap((e) => [e.options?.method ?? "GET"].flat().map((method) => ({ method, path: e.path as string })));
  };

  it("lists every route in server/routes/ that requires a session", () => {
    const declared = declaredSessionRoutes();
    expect(declared).toContain("POST /api/teams");
    expect(declared).toEqual(OUR_ROUTES.map((r) => r.route).sort());
  });

  it("lists every identity route that is neither public nor switched off", () => {
    const routes = identityRoutes();
    const needingSession = routes.filter((r) => authPathNeedsSession(r.path)).map((r) => `${r.method} ${A}${r.path}`);
    expect(needingSession.sort()).toEqual(IDENTITY_ROUTES.map((r) => r.route).sort());
    // The public and switched-off lists name routes that exist.
    const paths = new Set(routes.map((r) => r.path));
    expect([...PUBLIC_AUTH_PATHS, ...UNUSED_AUTH_PATHS].filter((p) => !paths.has(p))).toEqual([]);
  });

  it.each(ROWS.map((r) => [r.route, r] as const))("%s answers 401 JSON before reading the body", async (_route, row) => {
    const { method, routePath } = split(row.route);
    const target = `${routePath}${row.query ?? ""}`;
    const bodies = method === "GET" ? [["no body", {}] as const] : BODIES;
    for (const [label, body] of bodies) {
      const init = typeof body === "function" ? body(row) : body;
      const res = await server.fetch(target, { method, ...init });
      expect({ body: label, status: res.status }).toEqual({ body: label, status: 401 });
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect({ body: label, answer: await res.json() }).toEqual({
        body: label,
        answer: { message: row.message ?? SIGNED_OUT, code: row.message ? "authenticate_to_checkout" : "unauthorized" },
      });
    }
  });

  it("treats a cookie whose session does not exist as no session", async () => {
    for (const row of [OUR_ROUTES[4], IDENTITY_ROUTES[0]] as Row[]) {
      const { method, routePath } = split(row.route);
      const res = await server.fetch(routePath, {
        method,
        headers: { ...JSON_TYPE, cookie: "better-auth.session_token=forged.signature" },
        body: "{",
      });
      expect({ route: row.route, status: res.status }).toEqual({ route: row.route, status: 401 });
    }
  });

  it("answers in the visitor's language", async () => {
    const res = await server.fetch("/api/auth/organization/create", { method: "POST", headers: { "x-language": "de" } });
    expect(await res.json()).toEqual({ message: "Sie müssen angemeldet sein", code: "unauthorized" });
  });

  it("leaves cross-site requests to the origin check, which refuses them with 403", async () => {
    const foreign = { ...JSON_TYPE, origin: "https://evil.example" };
    const ours = await server.fetch("/api/teams", { method: "POST", headers: foreign, body: "{" });
    expect(ours.status).toBe(403);
    expect(await ours.json()).toEqual({ message: "This request must come from this site", code: "cross_site" });
    const identity = await server.fetch("/api/auth/update-user", {
      method: "POST",
      headers: { ...foreign, cookie: "better-auth.session_token=forged.signature" },
      body: "{}",
    });
    expect(identity.status).toBe(403);
  });

  it("still checks the body first on the public identity routes", async () => {
    const signUp = await server.fetch("/api/auth/sign-up/email", { method: "POST", headers: JSON_TYPE, body: "{" });
    expect(signUp.status).toBe(400);
    expect(await (await server.fetch("/api/auth/get-session")).json()).toBeNull();
    const unused = await server.fetch("/api/auth/forget-password/email-otp", { method: "POST", headers: JSON_TYPE, body: "{}" });
    expect(unused.status).toBe(404);
  });
});

import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from "jose";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenVerifier } from "../../server/oauth/access-tokens.js";
import { setOperatorRole } from "../../server/operator/users.js";
import {
  authorize,
  EXTENSION_ID,
  EXTENSION_REDIRECT,
  exchange,
  extensionCode,
  extensionTokens,
  navigate,
  pkce,
  refresh,
  type TokenAnswer,
  tokenRequest,
} from "../support/oauth.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const PASSWORD = "correct horse battery";

describe("the extension's sign-in (OAuth 2.1 with PKCE)", () => {
  let smtp: Smtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer("pglite", { SMTP_URL: smtp.url, EXTENSION_IDS: EXTENSION_ID });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("publishes both discovery documents with the site as issuer, and the keys they name", async () => {
    for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]) {
      const res = await server.fetch(path);
      expect(res.status).toBe(200);
      const doc = await res.json();
      expect(doc.issuer).toBe(server.url);
      expect(doc.code_challenge_methods_supported).toEqual(["S256"]);
      expect(doc.response_types_supported).toEqual(["code"]);
      expect(doc.grant_types_supported).toEqual(["authorization_code", "refresh_token"]);
      expect(doc.authorization_response_iss_parameter_supported).toBe(true);
      expect(doc.scopes_supported).toEqual(expect.arrayContaining(["openid", "offline_access", "entitlements:read", "teams:read"]));
      const jwks = await (await fetch(doc.jwks_uri)).json();
      expect(jwks.keys.length).toBeGreaterThan(0);
    }
  });

  it("sends a visitor to sign in, in their language, and a signed-in user straight back to the extension with a code", async () => {
    const visitor = await authorize(server, null);
    expect(visitor.status).toBe(302);
    expect(visitor.location.pathname).toBe("/oauth/sign-in");
    const page = await navigate(server, `${visitor.location.pathname}${visitor.location.search}`, { "accept-language": "de" });
    expect(page.status).toBe(302);
    const signIn = page.location;
    expect(signIn.pathname).toBe("/de/sign-in");
    expect(signIn.searchParams.get("client_id")).toBe("extension");
    expect(signIn.searchParams.get("sig")).toBeTruthy();

    const user = await signedInUser(server, smtp, "Ada Extension");
    const { challenge } = pkce();
    const granted = await authorize(server, user.cookie, { challenge, state: "s-123" });
    expect(granted.status).toBe(302);
    expect(`${granted.location.origin}${granted.location.pathname}`).toBe(EXTENSION_REDIRECT);
    expect(granted.location.searchParams.get("code")).toBeTruthy();
    expect(granted.location.searchParams.get("state")).toBe("s-123");
    expect(granted.location.searchParams.get("iss")).toBe(server.url);
  });

  it("exchanges the code for a 10-minute JWT for the API and a refresh token that rotates, then revokes", async () => {
    const user = await signedInUser(server, smtp, "Ben Tokens");
    const { code, verifier } = await extensionCode(server, user.cookie);
    const tokens = await exchange(server, code, verifier);
    expect(tokens.token_type.toLowerCase()).toBe("bearer");
    expect(tokens.expires_in).toBe(600);
    const claims = decodeJwt(tokens.access_token);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: "EdDSA", typ: "at+jwt" });
    expect(claims).toMatchObject({ iss: server.url, sub: user.id, client_id: "extension" });
    expect([claims.aud].flat()).toContain(`${server.url}/api/v1`);
    const verify = accessTokenVerifier({ db: server.db, config: server.config });
    expect(await verify(tokens.access_token)).toEqual({
      userId: user.id,
      clientId: "extension",
      scopes: ["openid", "profile", "email", "offline_access", "entitlements:read", "teams:read"],
    });
    // Remembered once checked, and refused from the moment it expires.
    let clock = Date.now();
    const timed = accessTokenVerifier({ db: server.db, config: server.config, now: () => clock });
    expect(await timed(tokens.access_token)).toMatchObject({ userId: user.id });
    expect(await timed(tokens.access_token)).toMatchObject({ userId: user.id });
    clock = (claims.exp as number) * 1000;
    expect(await timed(tokens.access_token)).toBeNull();

    const me = await server.fetch("/api/v1/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id, email: user.email });

    const userinfo = await server.fetch("/api/auth/oauth2/userinfo", { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: user.id, email: user.email });

    const renewed = await refresh(server, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    const next = await renewed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(await verify(next.access_token)).toMatchObject({ userId: user.id });

    const revoked = await tokenRequest(
      server,
      { token: next.refresh_token, token_type_hint: "refresh_token", client_id: "extension" },
      "/api/auth/oauth2/revoke",
    );
    expect(revoked.status).toBe(200);
    const after = await refresh(server, next.refresh_token);
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ error: "invalid_grant" });
  });

  describe("refuses, changing nothing", () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await signedInUser(server, smtp, "Eve Abuse");
    });

    const grant = (form: Record<string, string>) =>
      tokenRequest(server, { grant_type: "authorization_code", redirect_uri: EXTENSION_REDIRECT, client_id: "extension", ...form });

    it("a code used twice, a wrong verifier, an expired code", async () => {
      const first = await extensionCode(server, user.cookie);
      const wrong = await grant({ code: first.code, code_verifier: pkce().verifier });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ error_description: "code verification failed" });
      const second = await extensionCode(server, user.cookie);
      await exchange(server, second.code, second.verifier);
      const again = await grant({ code: second.code, code_verifier: second.verifier });
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ error: "invalid_grant" });
      const third = await extensionCode(server, user.cookie);
      await sql`update "verification" set "expiresAt" = now() - interval '1 second' where "createdAt" > now() - interval '1 minute'`.execute(
        server.db,
      );
      const expired = await grant({ code: third.code, code_verifier: third.verifier });
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ error: "invalid_grant" });
    });

    it("an authorization without PKCE, with the plain method, for an unknown client, a scope nobody offers, or a redirect one character off", async () => {
      const noPkce = await authorize(server, user.cookie, { challenge: "" });
      expect(noPkce.location.searchParams.get("error")).toBe("invalid_request");
      expect(noPkce.location.searchParams.get("code")).toBeNull();
      const plain = await authorize(server, user.cookie, { method: "plain" });
      expect(plain.location.searchParams.get("code")).toBeNull();
      const scope = await authorize(server, user.cookie, { scope: "openid admin:all" });
      expect(scope.location.searchParams.get("error")).toBe("invalid_scope");
      // No code and no redirect to an address that is not the client's.
      for (const params of [
        { clientId: "no-such-app" },
        { redirectUri: `${EXTENSION_REDIRECT}x` },
        { redirectUri: EXTENSION_REDIRECT.replace("oauth", "oauti") },
      ]) {
        const refused = await authorize(server, user.cookie, params);
        expect(refused.location.origin).toBe(server.url);
        expect(refused.location.searchParams.get("code")).toBeNull();
      }
    });

    it("a refresh token of another client, and one used again after the grace period, which ends the whole chain", async () => {
      const tokens = await extensionTokens(server, user.cookie);
      await server.db
        .insertInto("oauthClient")
        .values({
          id: crypto.randomUUID(),
          clientId: "other-app",
          name: "Other",
          redirectUris: JSON.stringify(["https://other.example/cb"]),
          tokenEndpointAuthMethod: "none",
          createdAt: new Date(),
        })
        .execute();
      const foreign = await refresh(server, tokens.refresh_token, "other-app");
      expect(foreign.status).toBe(400);
      // Within the grace period a second use gets the same answer (concurrent refreshes of one extension).
      const a = await refresh(server, tokens.refresh_token);
      const b = await refresh(server, tokens.refresh_token);
      expect([a.status, b.status]).toEqual([200, 200]);
      const newest = (await a.json()).refresh_token as string;
      expect((await b.json()).refresh_token).toBe(newest);
      await sql`update "oauthRefreshToken" set "rotationReplayExpiresAt" = now() - interval '1 second' where "userId" = ${user.id}`.execute(
        server.db,
      );
      const replayed = await refresh(server, tokens.refresh_token);
      expect(replayed.status).toBe(400);
      expect((await refresh(server, newest)).status).toBe(400);
    });

    it("an access token signed by another key, with alg none, or malformed, at the API", async () => {
      const verify = accessTokenVerifier({ db: server.db, config: server.config });
      const real = (await extensionTokens(server, user.cookie)).access_token;
      const header = decodeProtectedHeader(real);
      const claims = decodeJwt(real);
      const { privateKey } = await generateKeyPair("EdDSA");
      const forged = await new SignJWT(claims).setProtectedHeader({ ...header, alg: "EdDSA" }).sign(privateKey);
      const none = `${Buffer.from(JSON.stringify({ ...header, alg: "none" })).toString("base64url")}.${real.split(".")[1]}.`;
      for (const token of [forged, none, `${real}x`, "not.a.jwt"]) {
        expect(await verify(token)).toBeNull();
        const res = await server.fetch("/api/v1/me", { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(401);
      }
    });
  });

  describe("tokens die with their grant", () => {
    const grantedTo = async (name: string) => {
      const user = await signedInUser(server, smtp, name);
      return { user, tokens: await extensionTokens(server, user.cookie) };
    };

    it("when the session that granted them signs out", async () => {
      const { user, tokens } = await grantedTo("Sam Signout");
      expect((await server.fetch("/api/auth/sign-out", json({}, { cookie: user.cookie }))).status).toBe(200);
      expect((await refresh(server, tokens.refresh_token)).status).toBe(400);
    });

    it("when the user signs out every other device", async () => {
      const { user, tokens } = await grantedTo("Otto Others");
      const res = await server.fetch("/api/account/devices/sign-out-others", { method: "POST", headers: { cookie: user.cookie } });
      expect(res.status).toBe(200);
      expect((await refresh(server, tokens.refresh_token)).status).toBe(400);
    });

    /**
     * A grant whose session has already expired and been cleaned up, with the user signed in again
     * elsewhere: ending that session cannot be what revokes the app's tokens, only the rule that an
     * app is another device.
     */
    const grantedInAnEndedSession = async (name: string) => {
      const { user, tokens } = await grantedTo(name);
      await sql`update "session" set "expiresAt" = now() - interval '1 second' where "userId" = ${user.id}`.execute(server.db);
      await server.db.deleteFrom("session").where("userId", "=", user.id).execute();
      const signIn = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: PASSWORD }));
      expect(signIn.status).toBe(200);
      // The clean-up of an expired session leaves the app its access.
      const alive = await refresh(server, tokens.refresh_token);
      expect(alive.status).toBe(200);
      const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
      return { user: { ...user, cookie }, refreshToken: ((await alive.json()) as { refresh_token: string }).refresh_token };
    };

    it("when the user changes the password and signs the other devices out, the app being one", async () => {
      const { user, refreshToken } = await grantedInAnEndedSession("Pia Password");
      const change = (body: Record<string, unknown>) => server.fetch("/api/auth/change-password", json(body, { cookie: user.cookie }));
      // A change that keeps the other devices signed in keeps the app's access too.
      expect((await change({ currentPassword: PASSWORD, newPassword: "a new long password" })).status).toBe(200);
      const kept = await refresh(server, refreshToken);
      expect(kept.status).toBe(200);
      const next = ((await kept.json()) as { refresh_token: string }).refresh_token;
      const signOutOthers = await change({
        currentPassword: "a new long password",
        newPassword: "another long password",
        revokeOtherSessions: true,
      });
      expect(signOutOthers.status).toBe(200);
      const refused = await refresh(server, next);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
    });

    it("when an operator bans the user", async () => {
      const operator = await signedInUser(server, smtp, "Olga Operator");
      await setOperatorRole(server.db, operator.email, true);
      const { user, refreshToken } = await grantedInAnEndedSession("Bruno Banned");
      const ban = await server.fetch(`/api/admin/users/${user.id}/ban`, json({ reason: "Spam invitations" }, { cookie: operator.cookie }));
      expect(ban.status).toBe(200);
      const refused = await refresh(server, refreshToken);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
    });

    /**
     * A rotated refresh token used again within the reuse window gets the answer of its rotation
     * again (an extension refreshing twice at once). Ending the grant revokes only the chain's
     * newest token, so without a guard the rotated one would still be answered with tokens.
     */
    it("also for a refresh token rotated just before the grant ended and used again within the reuse window", async () => {
      const operator = await signedInUser(server, smtp, "Rolf Operator");
      await setOperatorRole(server.db, operator.email, true);
      const post = (path: string, cookie: string, body?: Record<string, unknown>) =>
        server.fetch(path, body ? json(body, { cookie }) : { method: "POST", headers: { cookie } });
      const endings: Record<string, (user: TestUser, newest: string) => Promise<Response>> = {
        "signing out that session": (user) => post("/api/auth/sign-out", user.cookie, {}),
        "signing out every other device": (user) => post("/api/account/devices/sign-out-others", user.cookie),
        "a password change that signs the others out": (user) =>
          post("/api/auth/change-password", user.cookie, {
            currentPassword: PASSWORD,
            newPassword: "a new long password",
            revokeOtherSessions: true,
          }),
        "a ban": (user) => post(`/api/admin/users/${user.id}/ban`, operator.cookie, { reason: "Spam invitations" }),
        "disconnecting the extension": (user) => post("/api/account/connected-apps/extension/disconnect", user.cookie),
        "the extension revoking its newest token": (_user, newest) =>
          tokenRequest(server, { token: newest, token_type_hint: "refresh_token", client_id: "extension" }, "/api/auth/oauth2/revoke"),
      };
      for (const [ending, end] of Object.entries(endings)) {
        const { user, tokens } = await grantedTo("Rita Replay");
        const rotated = await refresh(server, tokens.refresh_token);
        expect(rotated.status, ending).toBe(200);
        const newest = ((await rotated.json()) as TokenAnswer).refresh_token;
        // While the grant lives, the rotated token is within its window and answered again.
        const concurrent = await refresh(server, tokens.refresh_token);
        expect(concurrent.status, ending).toBe(200);
        expect(((await concurrent.json()) as TokenAnswer).refresh_token, ending).toBe(newest);

        expect((await end(user, newest)).status, ending).toBe(200);
        for (const token of [tokens.refresh_token, newest]) {
          const refused = await refresh(server, token);
          expect(refused.status, ending).toBe(400);
          expect(await refused.json(), ending).toMatchObject({ error: "invalid_grant" });
        }
      }
    });

    it("when the account is deleted", async () => {
      const { user, tokens } = await grantedTo("Dora Deleted");
      await server.db.deleteFrom("user").where("id", "=", user.id).execute();
      expect((await refresh(server, tokens.refresh_token)).status).toBe(400);
    });
  });
});

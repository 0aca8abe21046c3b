import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenVerifier } from "../../server/oauth/access-tokens.js";
import {
  authorize,
  EXTENSION_ID,
  EXTENSION_REDIRECT,
  exchange,
  extensionCode,
  navigate,
  pkce,
  refresh,
  tokenRequest,
} from "../support/oauth.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { type Smtp, signedInUser } from "./billing-support.js";

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
});

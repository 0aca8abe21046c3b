import { OAuth2Server } from "oauth2-mock-server";
import { OIDC_IDENTITY_COOKIE, type OidcIdentity } from "./oidc.js";

/** How the provider spoils its next id token, for the refused-token cases. */
export type Tamper = "audience" | "expired" | "nonce" | "issuer" | null;

/**
 * A team's OpenID Connect provider run by the tests (oauth2-mock-server on loopback): it signs in
 * whoever the browser's `oidc_identity` cookie names, answering access_denied without one, and
 * signs its id tokens with an RSA key generated for the run. `tamper` spoils the next token.
 */
export async function startEnterpriseIdp() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "localhost");
  const issuer = server.issuer.url as string;
  const byCode = new Map<string, OidcIdentity>();
  let tamper: Tamper = null;

  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: { headers: Record<string, string | undefined> }) => {
    const raw = new RegExp(`(?:^|;\\s*)${OIDC_IDENTITY_COOKIE}=([^;]+)`).exec(req.headers.cookie ?? "")?.[1];
    const code = redirect.url.searchParams.get("code");
    if (!raw || !code) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      return;
    }
    byCode.set(code, JSON.parse(decodeURIComponent(raw)) as OidcIdentity);
  });
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
    const identity = req.body?.code ? byCode.get(req.body.code) : undefined;
    if (!identity) return;
    Object.assign(token.payload, {
      sub: `sub-${identity.email}`,
      email: identity.email,
      email_verified: true,
      name: `${identity.given_name} ${identity.family_name}`,
      given_name: identity.given_name,
      family_name: identity.family_name,
    });
    // Only the id token (the one that carries the sign-in's nonce) is spoiled, not the access token.
    if (!("nonce" in token.payload)) return;
    const now = Math.floor(Date.now() / 1000);
    if (tamper === "audience") token.payload.aud = "someone-else";
    if (tamper === "expired") Object.assign(token.payload, { iat: now - 3600, exp: now - 600 });
    if (tamper === "nonce") token.payload.nonce = "replayed-nonce";
    if (tamper === "issuer") token.payload.iss = "https://other-issuer.example";
    tamper = null;
  });

  return {
    issuer,
    identityCookie: (identity: OidcIdentity) => `${OIDC_IDENTITY_COOKIE}=${encodeURIComponent(JSON.stringify(identity))}`,
    tamperNextToken: (how: Tamper) => {
      tamper = how;
    },
    stop: () => server.stop(),
  };
}

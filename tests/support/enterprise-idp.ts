import { startOidcServer } from "./oidc.js";

/** How the provider spoils its next id token, for the refused-token cases. */
export type Tamper = "audience" | "expired" | "nonce" | "issuer" | null;

/**
 * A team's OpenID Connect provider run by the tests (oauth2-mock-server on loopback): it signs in
 * whoever the browser's `oidc_identity` cookie names, answering access_denied without one, and
 * signs its id tokens with an RSA key generated for the run. `tamper` spoils the next token.
 */
export async function startEnterpriseIdp() {
  // The same provider as Google's stand-in: it signs in whoever the identity cookie names.
  const provider = await startOidcServer();
  let tamper: Tamper = null;
  // Runs after the provider has put the identity's claims into the token.
  provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
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
    issuer: provider.issuer,
    identityCookie: provider.identityCookie,
    tamperNextToken: (how: Tamper) => {
      tamper = how;
    },
    stop: provider.stop,
  };
}

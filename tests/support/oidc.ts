import { OAuth2Server } from "oauth2-mock-server";

export interface OidcIdentity {
  email: string;
  given_name: string;
  family_name: string;
}

/** Cookie on the OIDC server's origin naming who "signs in" there, so parallel tests stay apart. */
export const OIDC_IDENTITY_COOKIE = "oidc_identity";

/**
 * A local OpenID Connect provider standing in for Google. It signs in whoever the browser's
 * `oidc_identity` cookie names (JSON of OidcIdentity), answering with a signed id token.
 */
export async function startOidcServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "localhost");
  const issuer = server.issuer.url as string;
  const byCode = new Map<string, OidcIdentity>();

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
  const claims = (identity: OidcIdentity) => ({
    sub: `sub-${identity.email}`,
    email: identity.email,
    email_verified: true,
    name: `${identity.given_name} ${identity.family_name}`,
    given_name: identity.given_name,
    family_name: identity.family_name,
  });
  let lastIdentity: OidcIdentity | undefined;
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
    const identity = req.body?.code ? byCode.get(req.body.code) : undefined;
    if (!identity) return;
    lastIdentity = identity;
    Object.assign(token.payload, claims(identity));
  });
  server.service.on("beforeUserinfo", (res: { body: Record<string, unknown> }) => {
    if (lastIdentity) res.body = claims(lastIdentity);
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    env: {
      GOOGLE_CLIENT_ID: "crm-test-client",
      GOOGLE_CLIENT_SECRET: "crm-test-secret",
      GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    },
    identityCookie: (identity: OidcIdentity) => `${OIDC_IDENTITY_COOKIE}=${encodeURIComponent(JSON.stringify(identity))}`,
    /** The provider's events, for a test provider that changes what it signs (enterprise-idp.ts). */
    service: server.service,
    stop: () => server.stop(),
  };
}

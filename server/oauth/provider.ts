import { oauthProvider } from "@better-auth/oauth-provider";
import { jwt } from "better-auth/plugins";
import { API_BASE_PATH, OAUTH_SCOPES } from "../../core/oauth.js";
import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { hashClientSecret } from "./clients.js";
import { grantEndings } from "./grant-endings.js";

/** How long an access token lives: the API trusts it without asking the database, so not long. */
export const ACCESS_TOKEN_SECONDS = 10 * 60;
/** A rotated refresh token still answers (with the same answer) this long: concurrent refreshes of one client. */
export const REFRESH_REUSE_SECONDS = 30;
/** The one algorithm our access tokens are signed with; verification accepts no other. */
export const SIGNING_ALGORITHM = "EdDSA";

/** Where the plugin sends a visitor to sign in and a user to consent: our server picks the page's language (server/oauth/routes.ts). */
export const OAUTH_SIGN_IN_PATH = "/oauth/sign-in";
export const OAUTH_CONSENT_PATH = "/oauth/consent";

/** The audience of every access token: the API under /api/v1 (the default resource, docs/decisions/089). */
export const apiResourceOf = (config: Pick<Config, "BASE_URL">) => `${config.BASE_URL}${API_BASE_PATH}`;

/**
 * The authorization server (OAuth 2.1 with OpenID Connect) on Better Auth's provider plugin and its
 * JWT plugin (docs/decisions/089): code with PKCE only, JWT access tokens for the API that live ten
 * minutes, rotating refresh tokens, the issuer BASE_URL.
 */
export function oauthPlugins(config: Pick<Config, "BASE_URL">, db: DB) {
  return [
    jwt({
      jwks: { keyPairConfig: { alg: SIGNING_ALGORITHM } },
      jwt: { issuer: config.BASE_URL, audience: apiResourceOf(config), expirationTime: `${ACCESS_TOKEN_SECONDS}s` },
      // Sessions are not handed out as JWTs: only the authorization server signs, and only access and ID tokens.
      disableSettingJwtHeader: true,
    }),
    oauthProvider({
      loginPage: `${config.BASE_URL}${OAUTH_SIGN_IN_PATH}`,
      consentPage: `${config.BASE_URL}${OAUTH_CONSENT_PATH}`,
      scopes: [...OAUTH_SCOPES],
      // No client credentials grant: every token acts for a user who signed in.
      grantTypes: ["authorization_code", "refresh_token"],
      // One resource, the API (its row is written at start-up, server/oauth/seed.ts), open to every
      // client; what a client may do is its scopes.
      enforcePerClientResources: false,
      accessTokenExpiresIn: ACCESS_TOKEN_SECONDS,
      refreshTokenReuseInterval: REFRESH_REUSE_SECONDS,
      allowDynamicClientRegistration: false,
      // Clients are registered by operators through our console (server/operator/apps.ts), never through the plugin's routes;
      // a confidential app's secret is kept as its hash, made by the same function that registers it.
      storeClientSecret: { hash: hashClientSecret },
      clientPrivileges: () => false,
      resourcePrivileges: () => false,
    }),
    grantEndings(db),
  ];
}

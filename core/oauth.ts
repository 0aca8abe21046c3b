/**
 * The sign-in for the extension and other apps (OAuth 2.1, docs/decisions/089): names shared by the
 * server, the pages and the reference extension in extension/.
 */

/** The client id of the Chrome extension, the first-party client registered from EXTENSION_IDS. */
export const EXTENSION_CLIENT_ID = "extension";

/** The address Chrome's `identity.launchWebAuthFlow` captures for an extension id. */
export const extensionRedirectUri = (extensionId: string) => `https://${extensionId}.chromiumapp.org/oauth`;

/** What an app may ask for; the consent page says each in plain words. */
export const OAUTH_SCOPES = ["openid", "profile", "email", "offline_access", "entitlements:read", "teams:read"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const isOAuthScope = (scope: string): scope is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(scope);

/** The API the access tokens are for: their audience is BASE_URL followed by this path. */
export const API_BASE_PATH = "/api/v1";

/** The site's own address of the extension's store page: it redirects to EXTENSION_STORE_URL. */
export const EXTENSION_STORE_PATH = "/get-extension";

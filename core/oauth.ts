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

/** A third-party app as operators register it (docs/decisions/091): its name and redirect addresses. */
export const APP_NAME_MAX = 80;
export const APP_REDIRECT_URIS_MAX = 10;
export const APP_REDIRECT_URI_MAX = 2000;

/** Confidential apps keep a secret on their server; public ones (in a browser or on a device) prove themselves with PKCE alone. */
export const APP_TYPES = ["confidential", "public"] as const;
export type AppType = (typeof APP_TYPES)[number];

/**
 * Whether an address may be an app's redirect address: absolute, https (http only on this
 * computer's loopback, for apps under development), without a fragment or credentials. The
 * authorization compares it character for character with the one an app sends.
 */
export function isRedirectUri(value: string): boolean {
  if (value.length === 0 || value.length > APP_REDIRECT_URI_MAX || value.trim() !== value) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes("#") || url.username || url.password) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
}

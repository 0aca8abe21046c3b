import { oauthProviderAuthServerMetadata, oauthProviderOpenIdConfigMetadata } from "@better-auth/oauth-provider";
import { type Context, Hono, type Next } from "hono";
import { visitorLanguage } from "../http/pages.js";
import { OAUTH_CONSENT_PATH, OAUTH_SIGN_IN_PATH } from "./provider.js";

/** The page an authorization step opens, in the visitor's language, with the authorization's signed query. */
const toPage = (page: string) => (c: Context) => {
  const query = c.req.url.indexOf("?");
  c.header("Cache-Control", "no-store");
  return c.redirect(`/${visitorLanguage(c)}/${page}${query === -1 ? "" : c.req.url.slice(query)}`, 302);
};

/** The refusals of an authorization that the library cannot answer to the app itself (RFC 6749 §4.1.2.1). */
const AUTHORIZATION_REFUSALS = new Set([
  "client_disabled",
  "invalid_client",
  "invalid_redirect",
  "unauthorized_client",
  "unsupported_response_type",
]);

/**
 * The library's error page, for the authorization's refusals: our consent page in the visitor's
 * language says what went wrong (the app turned off, or an app or address we do not know). Any
 * other error is the library's.
 */
export async function authorizationRefusalPage(c: Context, next: Next) {
  const error = c.req.query("error");
  if (!error || !AUTHORIZATION_REFUSALS.has(error)) return next();
  c.header("Cache-Control", "no-store");
  return c.redirect(`/${visitorLanguage(c)}/oauth/consent?${new URLSearchParams({ error })}`, 302);
}

/**
 * The authorization server's addresses outside /api/auth: the two discovery documents at the
 * site's root (the issuer is BASE_URL), and the sign-in and consent steps the plugin sends a
 * browser to, which open our pages in the visitor's language.
 */
export function oauthRoutes(
  auth: Parameters<typeof oauthProviderAuthServerMetadata>[0] & Parameters<typeof oauthProviderOpenIdConfigMetadata>[0],
) {
  const app = new Hono();
  const serverMetadata = oauthProviderAuthServerMetadata(auth);
  const openIdConfiguration = oauthProviderOpenIdConfigMetadata(auth);
  app.get("/.well-known/oauth-authorization-server", (c) => serverMetadata(c.req.raw));
  app.get("/.well-known/openid-configuration", (c) => openIdConfiguration(c.req.raw));
  app.get(OAUTH_SIGN_IN_PATH, toPage("sign-in"));
  app.get(OAUTH_CONSENT_PATH, toPage("oauth/consent"));
  return app;
}

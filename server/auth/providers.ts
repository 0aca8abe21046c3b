import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import type { AuthProviders } from "../../core/api.js";
import { OWN_AUTH_PATH } from "../identity-paths.js";

export const GOOGLE_PROVIDER_ID = "google";
export const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

/**
 * GET /api/auth/providers: which optional sign-in methods this deployment offers, so the pages can
 * say that Google is not configured instead of failing after a click.
 */
export function authProviders(providers: AuthProviders) {
  return {
    id: "auth-providers",
    endpoints: {
      authProviders: createAuthEndpoint(OWN_AUTH_PATH.authProviders, { method: "GET" }, async (ctx) => ctx.json(providers)),
    },
  } satisfies BetterAuthPlugin;
}

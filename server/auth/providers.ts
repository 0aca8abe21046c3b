import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";

export const GOOGLE_PROVIDER_ID = "google";
export const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

/**
 * GET /api/auth/providers: which optional sign-in methods this deployment offers, so the pages can
 * say that Google is not configured instead of failing after a click, and offer phone sign-in only where it is on.
 */
export function authProviders(providers: { google: boolean; phone: boolean }) {
  return {
    id: "auth-providers",
    endpoints: {
      authProviders: createAuthEndpoint("/providers", { method: "GET" }, async (ctx) => ctx.json(providers)),
    },
  } satisfies BetterAuthPlugin;
}

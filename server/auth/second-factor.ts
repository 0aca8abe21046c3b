import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { LANGUAGES } from "../../core/languages.js";
import { LIBRARY_PATH, OWN_AUTH_PATH, pathMatches } from "../identity-paths.js";

/**
 * Every route that signs a person in with a first factor (docs/decisions/073). After each one, an
 * account with two-step verification on gets the second step instead of a session. A passkey is
 * not listed: it already is two factors (docs/decisions/071). A new way to sign in is added here.
 */
export const FIRST_FACTOR_SIGN_IN_PATHS = [
  // By password: the twoFactor plugin asks for the second step itself; listed so the list is whole.
  LIBRARY_PATH.signInEmail,
  LIBRARY_PATH.signInUsername,
  // By a code e-mailed to the address.
  LIBRARY_PATH.signInEmailOTP,
  // By an e-mailed link: the page that asked, or the link's page in another browser (server/auth/sign-in-link.ts).
  OWN_AUTH_PATH.completeSignInLink,
  OWN_AUTH_PATH.confirmSignInLink,
  // By Google (the OpenID Connect return).
  LIBRARY_PATH.callbackOAuth,
  // By a code texted to a verified phone number (server/phone/phone-sign-in.ts).
  OWN_AUTH_PATH.signInPhone,
  // By a signature of a connected Web3 wallet (server/auth/wallet-sign-in.ts).
  OWN_AUTH_PATH.walletSignIn,
] as const;

/** How long the second step may take, as for a password sign-in (the twoFactor plugin's default). */
const SECOND_STEP_SECONDS = 10 * 60;

/** The sign-in page's query that shows the second step after a redirect (Google). */
export const SECOND_STEP_PARAM = "second-step";

/**
 * Turns a first-factor sign-in of an account with two-step verification into the twoFactor
 * plugin's challenge, exactly as the plugin does after a password: the new session is deleted, its
 * cookie cleared, and a short-lived `two_factor` cookie names the pending sign-in, so the
 * plugin's own `/two-factor/verify-totp` and `/two-factor/verify-backup-code` finish it. A JSON
 * route answers `{ twoFactorRedirect, twoFactorMethods }`; a redirecting route (Google's return)
 * is sent to the sign-in page of its language with the second step's query instead.
 * Registered right after the twoFactor plugin, before any plugin that reacts to the new session.
 */
export function secondFactorOnEveryFirstFactor() {
  return {
    id: "second-factor-on-every-first-factor",
    hooks: {
      after: [
        {
          matcher: (ctx) => FIRST_FACTOR_SIGN_IN_PATHS.some((pattern) => pathMatches(pattern, ctx.path ?? "")),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn?.user.twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);

            const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: SECOND_STEP_SECONDS });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + SECOND_STEP_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({ value: signedIn.user.id, identifier, expiresAt });
            await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

            const app = await ctx.context.adapter.findOne<{ verified?: boolean | null }>({
              model: "twoFactor",
              where: [{ field: "userId", value: signedIn.user.id }],
            });
            // The same methods the plugin names after a password: the app, and codes by text message.
            const texts = (signedIn.user as { smsTwoFactorEnabled?: boolean | null }).smsTwoFactorEnabled === true;
            const methods = [...(app && app.verified !== false ? ["totp"] : []), ...(texts ? ["otp"] : [])];

            const location = ctx.context.responseHeaders?.get("location");
            if (location) {
              const first = new URL(location, ctx.context.baseURL).pathname.split("/")[1];
              const lang = LANGUAGES.find((l) => l === first) ?? "en";
              throw ctx.redirect(`/${lang}/sign-in?${SECOND_STEP_PARAM}=${methods.join(",") || "backup"}`);
            }
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods: methods });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

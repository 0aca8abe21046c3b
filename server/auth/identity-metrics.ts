import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { LIBRARY_PATH, OWN_AUTH_PATH, pathMatches } from "../identity-paths.js";
import type { MetricEvents } from "../metrics/metrics.js";
import { SECOND_STEP_PARAM } from "./second-factor.js";

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The first factors a sign-in is counted under, by route (docs/decisions/016). */
const SIGN_IN_METHODS: [string, string][] = [
  [LIBRARY_PATH.signInEmail, "password"],
  [LIBRARY_PATH.signInUsername, "password"],
  [LIBRARY_PATH.signInEmailOTP, "email_code"],
  [OWN_AUTH_PATH.completeSignInLink, "email_link"],
  [OWN_AUTH_PATH.confirmSignInLink, "email_link"],
  [LIBRARY_PATH.callbackOAuth, "google"],
  [OWN_AUTH_PATH.signInPhone, "phone"],
  [OWN_AUTH_PATH.walletSignIn, "wallet"],
  [LIBRARY_PATH.verifyPasskeyAuthentication, "passkey"],
  [OWN_AUTH_PATH.ssoCallback, "sso"],
  [OWN_AUTH_PATH.ssoSamlFinish, "sso"],
];

/** The routes that answer a sign-in's second step (they also confirm an authenticator, or reverify). */
const SECOND_STEP_PATHS: string[] = [LIBRARY_PATH.verifyTOTP, LIBRARY_PATH.verifyBackupCode, LIBRARY_PATH.verifyTwoFactorOTP];

/** How an account came to be: the route that created it. */
const SIGN_UP_METHODS: [string, string][] = [
  [LIBRARY_PATH.signUpEmail, "password"],
  [LIBRARY_PATH.callbackOAuth, "google"],
  [OWN_AUTH_PATH.ssoCallback, "sso"],
  [OWN_AUTH_PATH.ssoSamlFinish, "sso"],
];

const methodOf = (table: [string, string][], path: string | undefined) =>
  path ? table.find(([pattern]) => pathMatches(pattern, path))?.[1] : undefined;

/** The answer's status: a redirect (Google's return) is an error object with a 302. */
const statusOf = (returned: unknown): number =>
  returned instanceof Response
    ? returned.status
    : returned instanceof Error
      ? ((returned as { statusCode?: number }).statusCode ?? 500)
      : 200;

const failed = (ctx: Ctx) => statusOf(ctx.context.returned) >= 400;

/**
 * Counts the identity events the metrics show (docs/decisions/016): sign-ins by first factor and
 * outcome, the second steps asked for and answered, accounts created and bans. Registered last, so
 * a sign-in the second step withdrew counts as sent on to it, not as signed in.
 */
export function identityMetrics(events: MetricEvents) {
  return {
    id: "identity-metrics",
    init() {
      return {
        options: {
          databaseHooks: {
            user: {
              create: {
                async after(_user, ctx) {
                  events.signUp(methodOf(SIGN_UP_METHODS, ctx?.path) ?? "other");
                },
              },
              update: {
                // The update that bans; the operator's ban goes through the library (server/operator/users.ts).
                async before(data) {
                  if ((data as { banned?: unknown }).banned === true) events.ban();
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => methodOf(SIGN_IN_METHODS, ctx.path) !== undefined || SECOND_STEP_PATHS.includes(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const method = methodOf(SIGN_IN_METHODS, ctx.path);
            if (!method) {
              // A second step of a sign-in carries its pending sign-in's cookie and no session.
              if (!ctx.headers?.get("cookie")?.includes("two_factor=")) return;
              events.secondFactor(failed(ctx) ? "failed" : ctx.context.newSession ? "passed" : "failed");
              return;
            }
            if (failed(ctx)) return events.signIn(method, "failure");
            const returned = ctx.context.returned as { twoFactorRedirect?: boolean } | undefined;
            const location = ctx.context.responseHeaders?.get("location") ?? "";
            if (returned?.twoFactorRedirect === true || location.includes(`${SECOND_STEP_PARAM}=`)) {
              events.signIn(method, "second_factor");
              events.secondFactor("issued");
            } else if (ctx.context.newSession) events.signIn(method, "success");
            // A redirecting sign-in (Google's return) that failed is sent on with the error in its query.
            else if (/[?&]error=/.test(location)) events.signIn(method, "failure");
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getOAuthState, getSessionFromCtx } from "better-auth/api";
import type { SecurityEventType } from "../../core/security-log.js";
import { type EventSource, noteSignInDevice, recordSecurityEvent } from "../account/security-log.js";
import type { DB } from "../db/database.js";
import { LIBRARY_PATH } from "../identity-paths.js";

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The identity routes whose success is a security change of the signed-in account, and what it is. */
const CHANGES: Record<string, { type: SecurityEventType; subject?: (ctx: Ctx) => string | null }> = {
  [LIBRARY_PATH.changePassword]: { type: "password_changed" },
  [LIBRARY_PATH.disableTwoFactor]: { type: "second_factor_removed", subject: () => "totp" },
  [LIBRARY_PATH.generateBackupCodes]: { type: "backup_codes_regenerated" },
  [LIBRARY_PATH.verifyPasskeyRegistration]: { type: "passkey_added" },
  [LIBRARY_PATH.deletePasskey]: { type: "passkey_removed" },
  [LIBRARY_PATH.unlinkAccount]: {
    type: "connected_account_unlinked",
    subject: (ctx) => (ctx.context as { unlinkingProvider?: string }).unlinkingProvider ?? null,
  },
  [LIBRARY_PATH.revokeSession]: { type: "sessions_ended" },
  [LIBRARY_PATH.revokeSessions]: { type: "sessions_ended" },
  [LIBRARY_PATH.revokeOtherSessions]: { type: "sessions_ended" },
};

/** The authenticator's first confirmed code turns it on; the same route also answers sign-ins and reverification. */
const VERIFY_TOTP = LIBRARY_PATH.verifyTOTP;

const succeeded = (ctx: Ctx) => {
  const returned = ctx.context.returned;
  return returned !== undefined && !(returned instanceof Error) && !(returned instanceof Response && !returned.ok);
};

/**
 * Records the account's security changes made through the identity library (docs/decisions/088):
 * its own routes once they succeed, a password reset, a Google account connected, and a sign-in
 * from a device the account has not used before. Registered after the second-step plugins, so a
 * sign-in still waiting for its second step is not yet one.
 */
export function securityEvents(deps: { db: DB; secret: string; clientIpHeader: string }) {
  const { db, secret } = deps;
  const sourceOf = (headers: Headers | undefined | null): EventSource => ({
    userAgent: headers?.get("user-agent") ?? null,
    clientIp: headers?.get(deps.clientIpHeader) ?? null,
  });
  return {
    id: "security-events",
    init() {
      return {
        options: {
          databaseHooks: {
            account: {
              create: {
                // A Google account connected to a signed-in account arrives through the OAuth return, marked as a link.
                async after(account, ctx) {
                  if (account.providerId === "credential" || !ctx) return;
                  const state = await getOAuthState().catch(() => null);
                  if (!state?.link) return;
                  await recordSecurityEvent(db, secret, {
                    userId: account.userId,
                    type: "connected_account_linked",
                    subject: account.providerId,
                    source: sourceOf(ctx.headers),
                  });
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          // Marks a code that will turn the authenticator on: a signed-in account whose authenticator is not confirmed yet.
          matcher: (ctx) => ctx.path === VERIFY_TOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const app = await db.selectFrom("twoFactor").select("verified").where("userId", "=", session.user.id).executeTakeFirst();
            if (!app || app.verified === true) return;
            // Merged into the route's context, so the after hook below sees it; a client cannot set it.
            return { context: { context: { enablingAuthenticator: session.user.id } as never } };
          }),
        },
        {
          // The provider of the account being disconnected: after the route, its row is gone.
          matcher: (ctx) => ctx.path === LIBRARY_PATH.unlinkAccount,
          handler: createAuthMiddleware(async (ctx) => {
            const accountId = (ctx.body as { accountId?: unknown } | undefined)?.accountId;
            const session = typeof accountId === "string" ? await getSessionFromCtx(ctx).catch(() => null) : null;
            if (!session) return;
            const account = await db
              .selectFrom("account")
              .select("providerId")
              .where("id", "=", accountId as string)
              .where("userId", "=", session.user.id)
              .executeTakeFirst();
            if (!account) return;
            return { context: { context: { unlinkingProvider: account.providerId } as never } };
          }),
        },
      ],
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            if (!succeeded(ctx)) return;
            const source = sourceOf(ctx.headers);
            const change = ctx.path ? CHANGES[ctx.path] : undefined;
            const userId = ctx.context.session?.user.id;
            if (change && userId) {
              await recordSecurityEvent(db, secret, { userId, type: change.type, subject: change.subject?.(ctx) ?? null, source });
            }
            const enabling = (ctx.context as { enablingAuthenticator?: string }).enablingAuthenticator;
            if (ctx.path === VERIFY_TOTP && enabling) {
              await recordSecurityEvent(db, secret, { userId: enabling, type: "second_factor_added", subject: "totp", source });
            }
            // Any route that opened a session: a sign-in, or a session renewed in place.
            const opened = ctx.context.newSession;
            if (opened && !(opened.session as { impersonatedBy?: string | null }).impersonatedBy) {
              await noteSignInDevice(db, secret, opened.user.id, source);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** Recorded from the identity library's password reset callback (by e-mailed code or link). */
export async function recordPasswordReset(deps: { db: DB; secret: string; clientIpHeader: string }, userId: string, request?: Request) {
  await recordSecurityEvent(deps.db, deps.secret, {
    userId,
    type: "password_reset",
    source: { userAgent: request?.headers.get("user-agent") ?? null, clientIp: request?.headers.get(deps.clientIpHeader) ?? null },
  });
}

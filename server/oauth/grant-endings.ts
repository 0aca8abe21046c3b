import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { endSessionsAndGrants } from "../account/end-access.js";
import type { DB } from "../db/database.js";
import { LIBRARY_PATH } from "../identity-paths.js";

/**
 * A password change that signs the other devices out ends the apps' access too (docs/decisions/090):
 * an app is another device (server/account/end-access.ts). Its own session's end is the migration's trigger's work.
 */
export function grantEndings(db: DB): BetterAuthPlugin {
  return {
    id: "oauth-grant-endings",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === LIBRARY_PATH.changePassword && ctx.body?.revokeOtherSessions === true,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const userId = ctx.context.session?.user.id;
            if (!userId || returned === undefined || returned instanceof Error || (returned instanceof Response && !returned.ok)) return;
            // The library has ended the other sessions and made a new one for this device: that one stays.
            const kept = ctx.context.newSession?.session.id ?? ctx.context.session?.session.id;
            await endSessionsAndGrants({ db, auth: { $context: Promise.resolve(ctx.context) } }, userId, { session: kept });
          }),
        },
      ],
    },
  };
}

import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { DB } from "../db/database.js";
import { LIBRARY_PATH } from "../identity-paths.js";
import { revokeUserGrants } from "./grants.js";

/**
 * A password change that signs the other devices out ends the apps' access too (docs/decisions/090):
 * an app is another device. Its own session's end is the migration's trigger's work.
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
            await revokeUserGrants(db, userId);
          }),
        },
      ],
    },
  };
}

import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { endSessionsAndGrants } from "../account/end-access.js";
import type { DB } from "../db/database.js";
import { LIBRARY_PATH } from "../identity-paths.js";
import { isReplayOfEndedGrant } from "./grants.js";

/**
 * What ends an app's grant beyond the session it was made in (docs/decisions/090, 104): a password
 * change that signs the other devices out ends the apps' access too (an app is another device,
 * server/account/end-access.ts; its own session's end is the migration's trigger's work), and an
 * ended grant gets no tokens again, not even the repeated answer the library gives a rotated
 * refresh token within the reuse window.
 */
export function grantEndings(db: DB): BetterAuthPlugin {
  return {
    id: "oauth-grant-endings",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === LIBRARY_PATH.oauth2Token && ctx.body?.grant_type === "refresh_token",
          handler: createAuthMiddleware(async (ctx) => {
            const token: unknown = ctx.body?.refresh_token;
            if (typeof token !== "string" || token === "") return;
            if (await isReplayOfEndedGrant(db, token)) {
              // The library's own words for a refresh token it no longer honours.
              throw new APIError("BAD_REQUEST", { error: "invalid_grant", error_description: "invalid refresh token" });
            }
          }),
        },
      ],
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

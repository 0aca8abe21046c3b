import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { LIBRARY_PATH } from "../identity-paths.js";
import { libraryError } from "../library-error.js";

/**
 * A sign-out answers success only once its session is gone from the database (decision 017). The
 * library logs a failure to delete the session and answers success anyway, clearing only the
 * cookie: a session the database still held (the database or Redis away in that moment) would be
 * valid again afterwards, to anyone holding its token. It is refused instead, 503 with the cookie
 * kept, so the person knows to sign out again. While the database is away the look-up itself fails,
 * which is answered 503 too.
 */
export function signOutHolds(db: DB) {
  return {
    id: "sign-out-holds",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === LIBRARY_PATH.signOut,
          handler: createAuthMiddleware(async (ctx) => {
            const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
            if (!token) return;
            const left = await db.selectFrom("session").select("id").where("token", "=", token).executeTakeFirst();
            if (!left) return;
            ctx.context.responseHeaders?.delete("set-cookie");
            throw libraryError(new AppError("unavailable", { headers: { "Retry-After": "5" } }));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

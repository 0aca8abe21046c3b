import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { walletChallengeBody } from "../../core/api/account.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { requestLanguage } from "../i18n.js";
import { type WalletDeps, walletChallenge, walletSignInUser } from "../identifiers/wallets.js";
import { OWN_AUTH_PATH } from "../identity-paths.js";
import { libraryError } from "../library-error.js";

/** Our refusal as the library's error, so its answer carries our code (translated in auth-errors.ts). */
function asApiError(error: unknown): never {
  throw error instanceof AppError ? libraryError(error) : error;
}

/**
 * Signing in with a wallet connected to an account (docs/decisions/078). Better Auth's `siwe`
 * plugin would create an account for an unknown wallet; this one never does: an unknown wallet is
 * `web3_missing_identifier`. The session is made by the library, so its hooks (bans, the account
 * switcher) apply as to any sign-in.
 */
export function walletSignIn(deps: { db: DB; baseUrl: string }) {
  const walletDeps = (context: unknown): WalletDeps => ({
    db: deps.db,
    baseUrl: deps.baseUrl,
    auth: { $context: Promise.resolve(context) } as unknown as WalletDeps["auth"],
  });
  return {
    id: "wallet-sign-in",
    endpoints: {
      walletSignInChallenge: createAuthEndpoint(
        OWN_AUTH_PATH.walletSignInChallenge,
        {
          method: "POST",
          // The same address and chain as connecting a wallet on the account page.
          body: walletChallengeBody,
        },
        async (ctx) => {
          const lang = ctx.headers ? requestLanguage(ctx.headers) : undefined;
          const challenge = await walletChallenge(walletDeps(ctx.context), { purpose: "sign-in", ...ctx.body, lang }).catch(asApiError);
          return ctx.json(challenge);
        },
      ),
      walletSignIn: createAuthEndpoint(
        OWN_AUTH_PATH.walletSignIn,
        { method: "POST", body: z.object({ nonce: z.string().max(100), signature: z.string().max(300) }) },
        async (ctx) => {
          const userId = await walletSignInUser(walletDeps(ctx.context), ctx.body.nonce, ctx.body.signature).catch(asApiError);
          const user = await ctx.context.internalAdapter.findUserById(userId);
          if (!user) throw libraryError(new AppError("web3MissingIdentifier"));
          const session = await ctx.context.internalAdapter.createSession(userId);
          if (!session)
            throw new APIError("INTERNAL_SERVER_ERROR", { code: "FAILED_TO_CREATE_SESSION", message: "Failed to create session" });
          await setSessionCookie(ctx, { session, user });
          // Seen by the second step's hook like any other sign-in (server/auth/second-factor.ts).
          ctx.context.setNewSession({ session, user });
          return ctx.json({ token: session.token, user: { id: user.id, email: user.email, name: user.name } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

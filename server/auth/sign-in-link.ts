import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { Logger } from "pino";
import { z } from "zod";
import type { SignInLinkState } from "../../core/api.js";
import { isLanguage } from "../../core/languages.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { requestLanguage } from "../i18n.js";
import { OWN_AUTH_PATH } from "../identity-paths.js";
import { libraryError } from "../library-error.js";
import { signInLinkMail } from "../mail/templates/sign-in-link.js";
import type { SendMail } from "../mail/transport.js";

/** How long a sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
/** The cookie that tells the browser which asked for a link from any other. */
const ATTEMPT_COOKIE = "sign_in_link";

/** The link's routes, switched off together by `SIGN_IN_EMAIL_LINK=off`. */
export const SIGN_IN_LINK_PATHS = [
  OWN_AUTH_PATH.sendSignInLink,
  OWN_AUTH_PATH.signInLinkStatus,
  OWN_AUTH_PATH.openSignInLink,
  OWN_AUTH_PATH.completeSignInLink,
  OWN_AUTH_PATH.confirmSignInLink,
];

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const refuse = (refusal: "signInLinkInvalid" | "signInLinkExpired") => libraryError(new AppError(refusal));

const tokenBody = z.object({ token: z.string().min(1).max(200) });

/**
 * Sign-in by an e-mailed link, single use and valid 15 minutes, with the states the page shows
 * (docs/decisions/072). The browser that asks holds a signed cookie naming its attempt:
 * - `POST /sign-in-link/send` mails the link to a verified account's address (the answer is the
 *   same for any address) and sets the cookie;
 * - `POST /sign-in-link/open` is the link's page: in the browser that asked it marks the attempt
 *   verified (`verified`); in another browser it answers `other-device`; a link verified and
 *   waiting for its tab answers `already-verified`, one that has signed someone in `used`;
 * - `GET /sign-in-link/status` is read by the asking page until the link is verified, then
 *   `POST /sign-in-link/complete` signs that page in;
 * - `POST /sign-in-link/confirm` signs in the other browser instead, after its own confirmation.
 * Both sign-ins pass the second step of an account with two-step verification (second-factor.ts).
 */
export function signInLink(deps: { db: DB; sendMail: SendMail; logger: Logger; baseUrl: string }) {
  const { db, sendMail, logger, baseUrl } = deps;

  /** Marks the attempt used (once) and signs its user in. */
  async function signIn(ctx: GenericEndpointContext, id: string, from: "pending" | "verified") {
    const used = await db
      .updateTable("sign_in_link")
      .set({ status: "used", used_at: new Date() })
      .where("id", "=", id)
      .where("status", "=", from)
      .where("expires_at", ">", new Date())
      .returning("user_id")
      .executeTakeFirst();
    if (!used?.user_id) throw refuse("signInLinkInvalid");
    const user = await ctx.context.internalAdapter.findUserById(used.user_id);
    if (!user?.emailVerified) throw refuse("signInLinkInvalid");
    const session = await ctx.context.internalAdapter.createSession(user.id);
    await setSessionCookie(ctx, { session, user });
    return ctx.json({ token: session.token, user: { id: user.id, email: user.email, name: user.name } });
  }

  async function attemptOf(ctx: GenericEndpointContext) {
    const cookie = ctx.context.createAuthCookie(ATTEMPT_COOKIE);
    const id = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!id) return undefined;
    return db.selectFrom("sign_in_link").select(["id", "status", "expires_at"]).where("id", "=", id).executeTakeFirst();
  }

  async function byToken(token: string) {
    const row = await db
      .selectFrom("sign_in_link")
      .select(["id", "status", "expires_at", "user_id"])
      .where("token_hash", "=", hashOf(token))
      .executeTakeFirst();
    if (!row) throw refuse("signInLinkInvalid");
    if (row.status === "pending" && row.expires_at <= new Date()) throw refuse("signInLinkExpired");
    return row;
  }

  return {
    id: "sign-in-link",
    endpoints: {
      sendSignInLink: createAuthEndpoint(
        OWN_AUTH_PATH.sendSignInLink,
        { method: "POST", body: z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }) },
        async (ctx) => {
          const { email } = ctx.body;
          const lang = requestLanguage(ctx.request?.headers ?? new Headers(ctx.headers));
          const found = await ctx.context.internalAdapter.findUserByEmail(email);
          const user = found?.user.emailVerified ? found.user : null;
          const token = randomBytes(32).toString("base64url");
          const id = randomUUID();
          const now = Date.now();
          // Attempts long past their end are of no further use to anyone.
          await db
            .deleteFrom("sign_in_link")
            .where("expires_at", "<", new Date(now - 24 * 60 * 60 * 1000))
            .execute();
          await db
            .insertInto("sign_in_link")
            .values({
              id,
              user_id: user?.id ?? null,
              email,
              language: lang,
              token_hash: hashOf(token),
              expires_at: new Date(now + SIGN_IN_LINK_MINUTES * 60 * 1000),
            })
            .execute();
          const cookie = ctx.context.createAuthCookie(ATTEMPT_COOKIE, { maxAge: SIGN_IN_LINK_MINUTES * 60 });
          await ctx.setSignedCookie(cookie.name, id, ctx.context.secret, cookie.attributes);
          // Not awaited: an address with an account must take as long to answer as one without.
          if (user) {
            // In the account's language, whatever page asked (docs/decisions/152).
            const locale = (user as { locale?: unknown }).locale;
            const mailLang = isLanguage(locale) ? locale : lang;
            sendMail(signInLinkMail({ to: user.email, baseUrl, lang: mailLang, token, minutes: SIGN_IN_LINK_MINUTES })).catch((error) => {
              logger.error({ err: error }, "sign-in link mail failed");
            });
          }
          return ctx.json({ success: true });
        },
      ),
      signInLinkStatus: createAuthEndpoint(OWN_AUTH_PATH.signInLinkStatus, { method: "GET" }, async (ctx) => {
        const attempt = await attemptOf(ctx);
        const state: SignInLinkState = !attempt
          ? "none"
          : attempt.status === "used"
            ? "used"
            : attempt.expires_at <= new Date()
              ? "expired"
              : attempt.status;
        return ctx.json({ state });
      }),
      completeSignInLink: createAuthEndpoint(OWN_AUTH_PATH.completeSignInLink, { method: "POST" }, async (ctx) => {
        const attempt = await attemptOf(ctx);
        if (!attempt) throw refuse("signInLinkInvalid");
        if (attempt.status === "pending" && attempt.expires_at <= new Date()) throw refuse("signInLinkExpired");
        const answer = await signIn(ctx, attempt.id, "verified");
        const cookie = ctx.context.createAuthCookie(ATTEMPT_COOKIE);
        ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
        return answer;
      }),
      openSignInLink: createAuthEndpoint(OWN_AUTH_PATH.openSignInLink, { method: "POST", body: tokenBody }, async (ctx) => {
        const row = await byToken(ctx.body.token);
        // Once it has signed someone in, every browser is told so: "verified in another tab" would send them looking for one.
        if (row.status === "used") return ctx.json({ state: "used" as const });
        if (row.status !== "pending") return ctx.json({ state: "already-verified" as const });
        const attempt = await attemptOf(ctx);
        if (attempt?.id !== row.id) return ctx.json({ state: "other-device" as const });
        const verified = await db
          .updateTable("sign_in_link")
          .set({ status: "verified", verified_at: new Date() })
          .where("id", "=", row.id)
          .where("status", "=", "pending")
          .returning("id")
          .executeTakeFirst();
        return ctx.json({ state: verified ? ("verified" as const) : ("already-verified" as const) });
      }),
      confirmSignInLink: createAuthEndpoint(OWN_AUTH_PATH.confirmSignInLink, { method: "POST", body: tokenBody }, async (ctx) => {
        const row = await byToken(ctx.body.token);
        return signIn(ctx, row.id, "pending");
      }),
    },
  } satisfies BetterAuthPlugin;
}

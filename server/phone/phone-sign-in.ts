import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { maskPhoneNumber, normalizePhoneNumber, PHONE_CODE_LENGTH } from "../../core/phone.js";
import { checkCode, issueCode } from "../codes/one-time-codes.js";
import { AppError } from "../errors.js";
import { LIBRARY_PATH, OWN_AUTH_PATH } from "../identity-paths.js";
import { libraryError } from "../library-error.js";
import { SMS_CODE_MINUTES } from "../sms/messages.js";
import {
  accountOfNumber,
  type PhoneDeps,
  primaryNumber,
  sendCodeSms,
  setSmsTwoFactor,
  signInCodeOf,
  smsTwoFactorEnabled,
  takeSmsAllowance,
} from "./phone-numbers.js";

/** The header our server sets to the client address (server/auth/auth.ts). */
const CLIENT_IP_HEADER = "x-client-ip";

/** The two-factor plugin's cookie of a sign-in waiting for its second step. */
const TWO_FACTOR_COOKIE = "two_factor";

type EndpointContext = { headers?: Headers; request?: Request };

/** Our refusal as the library's error, its message in the request's language (the browser shows it as answered). */
function asApiError(error: unknown): unknown {
  return error instanceof AppError ? libraryError(error) : error;
}

async function ours<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asApiError(error);
  }
}

const clientIpOf = (ctx: EndpointContext) => ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";

const phoneNumberField = z.string().max(64);

/**
 * Phone sign-in and the text message second step, as an identity plugin so its sign-in path runs
 * through the library's hooks like the other sign-ins (docs/decisions/074-phone-numbers.md).
 */
export function phoneNumbers(deps: PhoneDeps) {
  const { db } = deps;
  return {
    id: "phone-numbers",
    endpoints: {
      sendPhoneSignInCode: createAuthEndpoint(
        OWN_AUTH_PATH.sendPhoneSignInCode,
        { method: "POST", body: z.object({ phoneNumber: phoneNumberField }) },
        async (ctx) =>
          ours(async () => {
            const phoneNumber = normalizePhoneNumber(ctx.body.phoneNumber);
            if (!phoneNumber) throw new AppError("phoneInvalid");
            const userId = await accountOfNumber(db, phoneNumber);
            // Counted for unknown numbers too, so the limits say nothing about which numbers exist; and
            // a code nobody receives is kept for them, so guessing it locks it after 5 checks as well.
            if (!userId) {
              await takeSmsAllowance(deps.limiter, phoneNumber, clientIpOf(ctx));
              await issueCode(db, signInCodeOf(phoneNumber), { minutes: SMS_CODE_MINUTES["sign-in"], digits: PHONE_CODE_LENGTH });
              return ctx.json({ status: true });
            }
            const user = await db.selectFrom("user").select(["locale", "banned"]).where("id", "=", userId).executeTakeFirst();
            await sendCodeSms(deps, {
              to: phoneNumber,
              code: signInCodeOf(phoneNumber),
              userId,
              purpose: "sign-in",
              lang: user?.locale,
              clientIp: clientIpOf(ctx),
            });
            return ctx.json({ status: true });
          }),
      ),
      signInPhone: createAuthEndpoint(
        OWN_AUTH_PATH.signInPhone,
        { method: "POST", body: z.object({ phoneNumber: phoneNumberField, code: z.string().max(16) }) },
        async (ctx) => {
          const phoneNumber = normalizePhoneNumber(ctx.body.phoneNumber);
          if (!phoneNumber) throw libraryError(new AppError("phoneInvalid"));
          const code = ctx.body.code.trim();
          // A wrong code and a number without an account get the same answer, and so do used-up codes of either.
          const check = await checkCode(db, signInCodeOf(phoneNumber), code, { digits: PHONE_CODE_LENGTH });
          if (check === "locked") throw libraryError(new AppError("codeTooManyAttempts"));
          const userId = check === "valid" ? await accountOfNumber(db, phoneNumber) : null;
          const user = userId ? await ctx.context.internalAdapter.findUserById(userId) : null;
          if (!user) throw libraryError(new AppError("phoneCodeIncorrect"));
          // The library's own session creation: bans, the session hooks and the cookie as for any sign-in.
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session)
            throw APIError.from("INTERNAL_SERVER_ERROR", { code: "FAILED_TO_CREATE_SESSION", message: "Failed to create session" });
          await setSessionCookie(ctx, { session, user });
          ctx.context.setNewSession({ session, user });
          return ctx.json({ redirect: false, token: session.token, user: { id: user.id, email: user.email, name: user.name } });
        },
      ),
      phoneSecondFactor: createAuthEndpoint(OWN_AUTH_PATH.phoneSecondFactor, { method: "GET" }, async (ctx) => {
        const userId = await pendingSecondStepUser(ctx);
        const number = userId && (await smsTwoFactorEnabled(db, userId)) ? await primaryNumber(db, userId) : null;
        return ctx.json({ sms: Boolean(number), phoneNumber: number ? maskPhoneNumber(number) : null });
      }),
    },
    hooks: {
      before: [
        {
          // The second step's text message counts against the SMS limits of the number it goes to.
          matcher: (ctx) => ctx.path === LIBRARY_PATH.sendTwoFactorOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await pendingSecondStepUser(ctx);
            const number = userId ? await primaryNumber(db, userId) : null;
            if (number) await ours(() => takeSmsAllowance(deps.limiter, number, clientIpOf(ctx)));
          }),
        },
      ],
      after: [
        {
          // Removing the authenticator app clears the library's two-step flag; text message codes keep it on.
          matcher: (ctx) => ctx.path === LIBRARY_PATH.disableTwoFactor,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.context.session?.user.id;
            if (userId && (await smsTwoFactorEnabled(db, userId))) await setSmsTwoFactor(deps, userId, true);
          }),
        },
      ],
    },
    rateLimit: [
      { pathMatcher: (path) => path === OWN_AUTH_PATH.sendPhoneSignInCode, window: 60, max: 3 },
      { pathMatcher: (path) => path === OWN_AUTH_PATH.signInPhone, window: 60, max: 5 },
    ],
  } satisfies BetterAuthPlugin;
}

/** The account of a sign-in waiting for its second step (the two-factor plugin's signed cookie), if any. */
async function pendingSecondStepUser(ctx: {
  context: {
    createAuthCookie: (name: string) => { name: string };
    secret: string;
    internalAdapter: { findVerificationValue: (id: string) => Promise<{ value: string; expiresAt: Date } | null> };
  };
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
}): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!pending || new Date(pending.expiresAt).getTime() < Date.now()) return null;
  return pending.value;
}

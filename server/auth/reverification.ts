import type { Context, MiddlewareHandler } from "hono";
import { issueCode, requireCode } from "../codes/one-time-codes.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { LIBRARY_PATH } from "../identity-paths.js";
import { verificationCodeMail } from "../mail/templates/verification-code.js";
import type { SendMail } from "../mail/transport.js";
import { hasAuthenticator } from "../phone/phone-numbers.js";
import type { Auth } from "./auth.js";
import { getSession, type SessionData } from "./session.js";

/**
 * Reverification: a change to how an account is protected, or its deletion, needs a session whose
 * owner proved themselves within the last 10 minutes: by signing in (the session's creation) or by
 * answering `reverify` since. One rule, applied to our routes and to Better Auth's (see app.ts),
 * so no client can skip it. The proof asked for is the strongest the account has: an authenticator
 * code when two-step verification is on, else the password, else (accounts that sign in with
 * Google) a code mailed to the account's address.
 */
export const REVERIFICATION_WINDOW_MS = 10 * 60 * 1000;

/** Better Auth's routes (below /api/auth) that need a recently verified session. */
export const SENSITIVE_AUTH_PATHS = [
  LIBRARY_PATH.changePassword,
  LIBRARY_PATH.enableTwoFactor,
  LIBRARY_PATH.disableTwoFactor,
  LIBRARY_PATH.getTOTPURI,
  LIBRARY_PATH.generateBackupCodes,
  LIBRARY_PATH.revokeOtherSessions,
  LIBRARY_PATH.revokeSessions,
  LIBRARY_PATH.deleteUser,
  // Adding a passkey adds a way in; removing one takes a way away (docs/decisions/071-passkeys.md).
  LIBRARY_PATH.generatePasskeyRegistrationOptions,
  LIBRARY_PATH.verifyPasskeyRegistration,
  LIBRARY_PATH.deletePasskey,
  // Connecting and disconnecting Google add and take away a way in (docs/decisions/077).
  LIBRARY_PATH.linkSocialAccount,
  LIBRARY_PATH.unlinkAccount,
] as const;

export type ReverificationMethod = "totp" | "password" | "email";

const CODE_MINUTES = 10;

export interface ReverificationDeps {
  auth: Auth;
  db: DB;
  sendMail: SendMail;
  now?: () => number;
}

/** When the session's owner last proved themselves: its creation or a later reverification. */
export async function verifiedAt(db: DB, session: SessionData["session"]): Promise<number> {
  const row = await db.selectFrom("session_reverification").select("verified_at").where("session_id", "=", session.id).executeTakeFirst();
  const created = new Date(session.createdAt).getTime();
  return Math.max(created, row ? new Date(row.verified_at).getTime() : 0);
}

export async function isRecentlyVerified(db: DB, session: SessionData["session"], now = Date.now()): Promise<boolean> {
  return now - (await verifiedAt(db, session)) < REVERIFICATION_WINDOW_MS;
}

/**
 * Refuses a request whose session was not verified within the window with 403
 * `{ code: "reverification" }`. Runs after the session check (a visitor already got 401).
 */
export function requireRecentVerification(deps: Pick<ReverificationDeps, "auth" | "db" | "now">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = (c as unknown as Context<{ Variables: { session?: SessionData } }>).get("session") ?? (await getSession(deps.auth, c));
    if (!session) throw new AppError("unauthorized");
    if (!(await isRecentlyVerified(deps.db, session.session, deps.now?.()))) throw new AppError("reverification");
    await next();
  };
}

/** Which proof the account gives: see the module comment. */
export async function reverificationMethod(db: DB, userId: string): Promise<ReverificationMethod> {
  // The authenticator app, not the library's two-step flag: text message codes turn that on as well.
  if (await hasAuthenticator(db, userId)) return "totp";
  return (await hasPassword(db, userId)) ? "password" : "email";
}

export async function hasPassword(db: DB, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}

/** The mailed code of a session's reverification. */
const codeOf = (session: SessionData) => ({ purpose: "reverification", subject: session.session.id }) as const;

/** Mails a 6-digit code to the account's address, for accounts without a password (server/codes/one-time-codes.ts). */
export async function sendReverificationCode(deps: ReverificationDeps, session: SessionData): Promise<void> {
  const code = await issueCode(deps.db, codeOf(session), { minutes: CODE_MINUTES, userId: session.user.id });
  const locale = (session.user as { locale?: string | null }).locale ?? undefined;
  await deps.sendMail(verificationCodeMail({ to: session.user.email, code, purpose: "reverification", lang: locale }));
}

/**
 * Checks the proof the account gives and marks the session as verified now. A wrong answer is
 * refused with the field's message (`form_password_incorrect` or `form_code_incorrect`), a mailed
 * code after its 5 checks with `too_many_attempts`.
 */
export async function reverify(deps: ReverificationDeps, c: Context, session: SessionData, answer: string): Promise<void> {
  const method = await reverificationMethod(deps.db, session.user.id);
  if (method === "password") {
    const ok = await deps.auth.api
      .verifyPassword({ body: { password: answer }, headers: c.req.raw.headers })
      .then(() => true)
      .catch(() => false);
    if (!ok) throw new AppError("reverificationPasswordIncorrect");
  } else if (method === "totp") {
    const ok =
      /^\d{6}$/.test(answer) &&
      (await deps.auth.api
        .verifyTOTP({ body: { code: answer }, headers: c.req.raw.headers })
        .then(() => true)
        .catch(() => false));
    if (!ok) throw new AppError("reverificationIncorrect");
  } else {
    await requireCode(deps.db, codeOf(session), answer, "reverificationIncorrect");
  }
  const at = new Date(deps.now?.() ?? Date.now());
  await deps.db
    .insertInto("session_reverification")
    .values({ session_id: session.session.id, verified_at: at })
    .onConflict((oc) => oc.column("session_id").doUpdateSet({ verified_at: at }))
    .execute();
}

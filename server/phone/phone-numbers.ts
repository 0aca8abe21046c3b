import type { Logger } from "pino";
import type { PhoneNumberSummary } from "../../core/api.js";
import { normalizePhoneNumber, PHONE_CODE_LENGTH, PHONE_NUMBERS_MAX } from "../../core/phone.js";
import { type CodeRef, issueCode, requireCode, withdrawCode } from "../codes/one-time-codes.js";
import type { DB } from "../db/database.js";
import { isUniqueViolation } from "../db/errors.js";
import { AppError } from "../errors.js";
import { ensureNotLastIdentifier, type IdentifierRules } from "../identifiers/last-identifier.js";
import { SmsDeliveryError } from "../sms/http-provider.js";
import { codeSms, SMS_CODE_MINUTES, type SmsCodePurpose } from "../sms/messages.js";
import { type SmsLimiter, SmsLimitReached } from "../sms/sms-limits.js";
import type { SmsSender } from "../sms/sms-sender.js";

/**
 * An account's phone numbers (docs/decisions/074-phone-numbers.md): added unverified, verified by
 * a code sent to them, one verified number primary (where second-step codes go). A number belongs
 * to one account among verified numbers; a number only added elsewhere blocks nobody.
 */
export interface PhoneDeps {
  db: DB;
  sms: SmsSender;
  limiter: SmsLimiter;
  logger: Logger;
  /** Writes user fields through the identity library, so its session caches see the change. */
  updateUser: (userId: string, data: { twoFactorEnabled: boolean; smsTwoFactorEnabled?: boolean }) => Promise<unknown>;
  /** Which identifiers still sign in: the last one may not be removed (docs/decisions/076). */
  identifierRules?: IdentifierRules;
}

/** Who asks: the account, its language, and the client address the SMS limits count. */
export interface PhoneActor {
  userId: string;
  locale?: string | null;
  clientIp: string;
}

const summary = (row: {
  id: string;
  phone_number: string;
  verified: boolean;
  is_primary: boolean;
  created_at: Date;
}): PhoneNumberSummary => ({
  id: row.id,
  phoneNumber: row.phone_number,
  verified: row.verified,
  primary: row.is_primary,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The account's numbers: the primary first, then by when they were added. */
export async function listPhoneNumbers(db: DB, userId: string): Promise<PhoneNumberSummary[]> {
  const rows = await db
    .selectFrom("phone_number")
    .select(["id", "phone_number", "verified", "is_primary", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("is_primary", "desc")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(summary);
}

/** Whether the account takes text message codes as its second step. */
export async function smsTwoFactorEnabled(db: DB, userId: string): Promise<boolean> {
  const user = await db.selectFrom("user").select("smsTwoFactorEnabled").where("id", "=", userId).executeTakeFirst();
  return Boolean(user?.smsTwoFactorEnabled);
}

/** The code texted to verify one of an account's numbers, by the number's row (server/codes/one-time-codes.ts). */
export const verifyCodeOf = (phoneNumberId: string): CodeRef => ({ purpose: "phone_number", subject: phoneNumberId });
/** The sign-in code texted to a number, kept by the number (also for numbers without an account). */
export const signInCodeOf = (phoneNumber: string): CodeRef => ({ purpose: "phone_sign_in", subject: phoneNumber });

/**
 * Sends a code by text message after the SMS limits allow it: the refusals are the translated 429
 * and, when the provider does not take the message, 502 (the code can be asked for again).
 */
export async function sendCodeSms(
  deps: Pick<PhoneDeps, "sms" | "limiter" | "db">,
  opts: { to: string; code: CodeRef; userId: string; purpose: SmsCodePurpose; lang?: string | null; clientIp: string },
): Promise<void> {
  await takeSmsAllowance(deps.limiter, opts.to, opts.clientIp);
  const code = await issueCode(deps.db, opts.code, {
    minutes: SMS_CODE_MINUTES[opts.purpose],
    userId: opts.userId,
    digits: PHONE_CODE_LENGTH,
  });
  await deliver(deps.sms, codeSms({ to: opts.to, code, purpose: opts.purpose, lang: opts.lang }));
}

/** Counts one text message against the limits; past them, the translated 429 with its wait. */
export async function takeSmsAllowance(limiter: SmsLimiter, to: string, clientIp: string): Promise<void> {
  try {
    await limiter.take(to, clientIp);
  } catch (error) {
    if (!(error instanceof SmsLimitReached)) throw error;
    const seconds = String(error.retryAfterSeconds);
    throw new AppError("smsTooManyRequests", { params: { seconds }, headers: { "Retry-After": seconds } });
  }
}

export async function deliver(sms: SmsSender, message: { to: string; text: string }): Promise<void> {
  try {
    await sms.send(message);
  } catch (error) {
    if (error instanceof SmsDeliveryError) throw new AppError("smsFailed");
    throw error;
  }
}

/**
 * Adds a number (unverified) and sends it a code. Refused: a number not in international format,
 * one the account already has (`form_identifier_exists`), one verified by another account
 * (`phone_number_exists`), and a sixth number.
 */
export async function addPhoneNumber(deps: PhoneDeps, actor: PhoneActor, input: string): Promise<PhoneNumberSummary> {
  const phoneNumber = normalizePhoneNumber(input);
  if (!phoneNumber) throw new AppError("phoneInvalid");
  const { db } = deps;
  const mine = await db.selectFrom("phone_number").select(["phone_number"]).where("user_id", "=", actor.userId).execute();
  if (mine.some((row) => row.phone_number === phoneNumber)) throw new AppError("phoneAlreadyAdded");
  if (mine.length >= PHONE_NUMBERS_MAX) throw new AppError("phoneLimit");
  await refuseTakenNumber(db, phoneNumber, actor.userId);
  const id = crypto.randomUUID();
  try {
    await db.insertInto("phone_number").values({ id, user_id: actor.userId, phone_number: phoneNumber }).execute();
  } catch (error) {
    // The same number added twice at once by the same account.
    if (isUniqueViolation(error)) throw new AppError("phoneAlreadyAdded");
    throw error;
  }
  const row = await db.selectFrom("phone_number").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  // The number is kept even when the message cannot go out now: "send the code again" retries it.
  await sendVerificationCode(deps, actor, id);
  return summary(row);
}

async function refuseTakenNumber(db: DB, phoneNumber: string, userId: string) {
  const taken = await db
    .selectFrom("phone_number")
    .select("id")
    .where("phone_number", "=", phoneNumber)
    .where("verified", "=", true)
    .where("user_id", "!=", userId)
    .executeTakeFirst();
  if (taken) throw new AppError("phoneTaken");
}

async function ownNumber(db: DB, userId: string, id: string) {
  const row = await db.selectFrom("phone_number").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw new AppError("phoneNotFound");
  return row;
}

/** Sends an unverified number of the account a (new) code. */
export async function sendVerificationCode(deps: PhoneDeps, actor: PhoneActor, id: string): Promise<void> {
  const row = await ownNumber(deps.db, actor.userId, id);
  if (row.verified) throw new AppError("badRequest");
  await sendCodeSms(deps, {
    to: row.phone_number,
    code: verifyCodeOf(row.id),
    userId: actor.userId,
    purpose: "verify",
    lang: actor.locale,
    clientIp: actor.clientIp,
  });
}

/**
 * Verifies a number with the code sent to it (`form_code_incorrect`; `too_many_attempts` after 5
 * checks); the account's first verified number becomes its primary. A number another account
 * verified meanwhile is refused with `phone_number_exists`.
 */
export async function verifyPhoneNumber(deps: PhoneDeps, userId: string, id: string, code: string): Promise<PhoneNumberSummary> {
  const { db } = deps;
  const row = await ownNumber(db, userId, id);
  if (row.verified) return summary(row);
  await requireCode(db, verifyCodeOf(id), code, "phoneCodeIncorrect", { digits: PHONE_CODE_LENGTH });
  await refuseTakenNumber(db, row.phone_number, userId);
  try {
    await db.transaction().execute(async (trx) => {
      const primary = await trx
        .selectFrom("phone_number")
        .select("id")
        .where("user_id", "=", userId)
        .where("is_primary", "=", true)
        .executeTakeFirst();
      await trx
        .updateTable("phone_number")
        .set({ verified: true, verified_at: new Date(), is_primary: !primary })
        .where("id", "=", id)
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("phoneTaken");
    throw error;
  }
  // Other accounts' unverified entries of this number can never be verified now, nor their codes used.
  const dropped = await db
    .deleteFrom("phone_number")
    .where("phone_number", "=", row.phone_number)
    .where("verified", "=", false)
    .returning("id")
    .execute();
  for (const { id: other } of dropped) await withdrawCode(db, verifyCodeOf(other));
  return summary(await ownNumber(db, userId, id));
}

/** Makes a verified number of the account its primary one. */
export async function makePrimary(db: DB, userId: string, id: string): Promise<void> {
  const row = await ownNumber(db, userId, id);
  if (!row.verified) throw new AppError("phoneNotVerified");
  if (row.is_primary) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("phone_number").set({ is_primary: false }).where("user_id", "=", userId).where("is_primary", "=", true).execute();
    await trx.updateTable("phone_number").set({ is_primary: true }).where("id", "=", id).execute();
  });
}

/**
 * Removes a number. When it was the primary one, the oldest other verified number takes its place;
 * when none is left, text message codes stop being a second step (the authenticator app stays).
 */
export async function removePhoneNumber(deps: PhoneDeps, userId: string, id: string): Promise<void> {
  const { db } = deps;
  const row = await ownNumber(db, userId, id);
  await ensureNotLastIdentifier(db, userId, { kind: "phone", id }, deps.identifierRules);
  const next = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("phone_number").where("id", "=", id).execute();
    await withdrawCode(trx, verifyCodeOf(id));
    if (!row.is_primary) return "kept" as const;
    const successor = await trx
      .selectFrom("phone_number")
      .select("id")
      .where("user_id", "=", userId)
      .where("verified", "=", true)
      .orderBy("verified_at")
      .orderBy("id")
      .executeTakeFirst();
    if (!successor) return "none" as const;
    await trx.updateTable("phone_number").set({ is_primary: true }).where("id", "=", successor.id).execute();
    return "moved" as const;
  });
  if (next === "none" && (await smsTwoFactorEnabled(db, userId))) await setSmsTwoFactor(deps, userId, false);
}

/** The verified primary number of an account, where second-step codes go. */
export async function primaryNumber(db: DB, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("phone_number")
    .select("phone_number")
    .where("user_id", "=", userId)
    .where("is_primary", "=", true)
    .where("verified", "=", true)
    .executeTakeFirst();
  return row?.phone_number ?? null;
}

/** The account a verified number belongs to. */
export async function accountOfNumber(db: DB, phoneNumber: string): Promise<string | null> {
  const row = await db
    .selectFrom("phone_number")
    .select("user_id")
    .where("phone_number", "=", phoneNumber)
    .where("verified", "=", true)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Whether the account has a confirmed authenticator app (the two-factor plugin's secret): the other
 * second step beside text message codes. It lives here, not in auth/, which imports this folder.
 */
export async function hasAuthenticator(db: DB, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("twoFactor")
    .select("id")
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("verified", "=", true), eb("verified", "is", null)]))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Turns text message codes as the second step on or off. On needs a verified primary number. The
 * library's flag (`twoFactorEnabled`, what its sign-in checks) stays on while either the
 * authenticator app or text message codes are.
 */
export async function setSmsTwoFactor(deps: PhoneDeps, userId: string, enabled: boolean): Promise<void> {
  if (enabled && !(await primaryNumber(deps.db, userId))) throw new AppError("phoneNotVerified");
  const twoFactorEnabled = enabled || (await hasAuthenticator(deps.db, userId));
  await deps.updateUser(userId, { twoFactorEnabled, smsTwoFactorEnabled: enabled });
}

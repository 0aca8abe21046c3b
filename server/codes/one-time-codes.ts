import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db/database.js";
import { AppError, type ErrorCode } from "../errors.js";

/**
 * The one mechanism for the numeric codes we send ourselves (docs/decisions/079): reverification by
 * mail, further e-mail addresses, phone numbers, phone sign-in and team domains. A code is kept in
 * `one_time_code` by what it is for (`purpose`) and for whom or what (`subject`), as a salted
 * SHA-256 hash; it expires, works once, and allows `CODE_ATTEMPTS` checks. A new code for the same
 * purpose and subject replaces the previous one (and its count). The identity library's own codes
 * (e-mailed sign-in and verification, password reset, the second step) keep its mechanism.
 */
export type CodePurpose = "reverification" | "email_address" | "phone_number" | "phone_sign_in" | "team_domain" | "sso_link";

/** Which code: what it is for, and the session, address, number or domain it belongs to. */
export interface CodeRef {
  purpose: CodePurpose;
  subject: string;
}

/** Checks a code allows; the sixth and later answers are refused without a comparison. */
export const CODE_ATTEMPTS = 5;

/** `valid`: the code, now spent. `incorrect`: wrong, expired or none. `locked`: its checks are used up. */
export type CodeCheck = "valid" | "incorrect" | "locked";

const hashOf = (salt: string, code: string) => createHash("sha256").update(salt).update(code).digest("hex");

/**
 * A new random code of `digits` digits under `ref`, valid `minutes`, replacing any earlier one;
 * only its hash is stored. `userId` names the account the code concerns, so erasure finds it.
 * Expired codes of every purpose are dropped on the way, so the table holds only live ones.
 */
export async function issueCode(
  db: DB,
  ref: CodeRef,
  opts: { minutes: number; userId?: string | null; digits?: number; now?: number },
): Promise<string> {
  const digits = opts.digits ?? 6;
  const code = String(randomInt(0, 10 ** digits)).padStart(digits, "0");
  const now = opts.now ?? Date.now();
  const salt = randomBytes(16).toString("hex");
  const row = {
    id: randomUUID(),
    user_id: opts.userId ?? null,
    salt,
    code_hash: hashOf(salt, code),
    attempts: 0,
    expires_at: new Date(now + opts.minutes * 60_000),
    created_at: new Date(now),
  };
  await db.deleteFrom("one_time_code").where("expires_at", "<=", new Date(now)).execute();
  await db
    .insertInto("one_time_code")
    .values({ ...ref, ...row })
    .onConflict((oc) => oc.columns(["purpose", "subject"]).doUpdateSet(row))
    .execute();
  return code;
}

/**
 * Checks an answer against the code under `ref`. The check is counted before the comparison, in
 * one `UPDATE … RETURNING` (the row's lock orders concurrent checks), so however many answers
 * arrive at once, at most `CODE_ATTEMPTS` are compared. A right answer is then spent by deleting
 * the row it was compared with: of two right answers at once, only the one whose delete took the
 * row succeeds. An answer not of `digits` digits cannot be the code and is not counted.
 */
export async function checkCode(db: DB, ref: CodeRef, answer: string, opts: { digits?: number; now?: number } = {}): Promise<CodeCheck> {
  if (!new RegExp(`^\\d{${opts.digits ?? 6}}$`).test(answer)) return "incorrect";
  const counted = await db
    .updateTable("one_time_code")
    .set({ attempts: sql`attempts + 1` })
    .where("purpose", "=", ref.purpose)
    .where("subject", "=", ref.subject)
    .where("expires_at", ">", new Date(opts.now ?? Date.now()))
    .returning(["id", "salt", "code_hash", "attempts"])
    .executeTakeFirst();
  if (!counted) return "incorrect";
  if (counted.attempts > CODE_ATTEMPTS) return "locked";
  const given = Buffer.from(hashOf(counted.salt, answer), "hex");
  const stored = Buffer.from(counted.code_hash, "hex");
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return "incorrect";
  const spent = await db.deleteFrom("one_time_code").where("id", "=", counted.id).returning("id").executeTakeFirst();
  return spent ? "valid" : "incorrect";
}

/**
 * `checkCode` for a route: returns on the right code, refuses a wrong one with `incorrect` (the
 * caller's 400) and a code whose checks are used up with `too_many_attempts` (403).
 */
export async function requireCode(db: DB, ref: CodeRef, answer: string, incorrect: ErrorCode, opts?: { digits?: number }): Promise<void> {
  const result = await checkCode(db, ref, answer, opts);
  if (result === "locked") throw new AppError("codeTooManyAttempts");
  if (result !== "valid") throw new AppError(incorrect);
}

/** Drops the code under `ref`, e.g. when what it would verify is removed. */
export async function withdrawCode(db: DB, ref: CodeRef): Promise<void> {
  await db.deleteFrom("one_time_code").where("purpose", "=", ref.purpose).where("subject", "=", ref.subject).execute();
}

/** Drops every code concerning an account (erasure). */
export async function eraseCodesOf(db: DB, userId: string): Promise<void> {
  await db.deleteFrom("one_time_code").where("user_id", "=", userId).execute();
}

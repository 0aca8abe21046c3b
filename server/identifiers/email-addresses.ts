import { z } from "zod";
import type { EmailAddressSummary } from "../../core/api.js";
import { type EmailRules, emailAllowed, normalizeEmail } from "../access/email-rules.js";
import type { Auth } from "../auth/auth.js";
import { issueCode, requireCode, withdrawCode } from "../codes/one-time-codes.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { verificationCodeMail } from "../mail/templates/verification-code.js";
import type { SendMail } from "../mail/transport.js";
import { ensureNotLastIdentifier, type IdentifierRules } from "./last-identifier.js";

/**
 * An account's e-mail addresses (docs/decisions/076): the primary one lives on the user (Better
 * Auth's), further ones in `user_email`. A verified address belongs to one account only, across
 * both tables (migration 0023 enforces it); the sign-up rules and normalisation apply to every
 * address added.
 */
export interface EmailAddressDeps {
  db: DB;
  auth: Auth;
  sendMail: SendMail;
  rules: EmailRules;
  identifierRules?: IdentifierRules;
}

/** How many further addresses an account may hold, verified or waiting. */
export const MAX_FURTHER_ADDRESSES = 10;

const addressSchema = z.email().max(254);
/** The code mailed to a further address (server/codes/one-time-codes.ts). */
const codeOf = (id: string) => ({ purpose: "email_address", subject: id }) as const;
const CODE_MINUTES = 10;

/** PostgreSQL's unique violation, from an index or from the cross-table trigger. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "23505";

export async function listEmailAddresses(db: DB, userId: string): Promise<EmailAddressSummary[]> {
  const user = await db.selectFrom("user").select(["email", "emailVerified"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const further = await db
    .selectFrom("user_email")
    .select(["id", "email", "verifiedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  return [
    { id: "primary", email: user.email, primary: true, verified: user.emailVerified },
    ...further.map((r) => ({ id: r.id, email: r.email, primary: false, verified: r.verifiedAt !== null })),
  ];
}

/** Whether any account holds this mailbox as its primary address or a verified further one. */
async function addressTaken(db: DB, normalized: string): Promise<boolean> {
  const primary = await db.selectFrom("user").select("id").where("normalizedEmail", "=", normalized).executeTakeFirst();
  if (primary) return true;
  const further = await db
    .selectFrom("user_email")
    .select("id")
    .where("normalizedEmail", "=", normalized)
    .where("verifiedAt", "is not", null)
    .executeTakeFirst();
  return Boolean(further);
}

/** The account whose verified further address reaches this mailbox, with its primary address. */
export async function ownerOfFurtherAddress(db: DB, email: string): Promise<{ userId: string; primaryEmail: string } | undefined> {
  const row = await db
    .selectFrom("user_email")
    .innerJoin("user", "user.id", "user_email.userId")
    .select(["user.id as userId", "user.email as primaryEmail"])
    .where("user_email.normalizedEmail", "=", normalizeEmail(email))
    .where("user_email.verifiedAt", "is not", null)
    .executeTakeFirst();
  return row;
}

/**
 * Adds an address waiting for its code and mails the code to it. Refused: a malformed address
 * (`form_param_format_invalid`), one the operator's rules refuse (`not_allowed_access`), one held
 * by any account, this one included (`form_identifier_exists`).
 */
export async function addEmailAddress(deps: EmailAddressDeps, userId: string, input: string, lang?: string): Promise<EmailAddressSummary> {
  const email = input.trim().toLowerCase();
  if (!addressSchema.safeParse(email).success) throw new AppError("emailFormatInvalid");
  if (!emailAllowed(deps.rules, email)) throw new AppError("notAllowedAccess");
  const normalized = normalizeEmail(email);
  if (await addressTaken(deps.db, normalized)) throw new AppError("emailExists");
  const held = await deps.db.selectFrom("user_email").select(["id"]).where("userId", "=", userId).execute();
  if (held.length >= MAX_FURTHER_ADDRESSES) throw new AppError("tooManyEmailAddresses");
  const id = crypto.randomUUID();
  try {
    await deps.db.insertInto("user_email").values({ id, userId, email, normalizedEmail: normalized, verifiedAt: null }).execute();
  } catch (error) {
    // The same mailbox waiting for its code on this account already.
    if (isUniqueViolation(error)) throw new AppError("emailExists");
    throw error;
  }
  await sendEmailAddressCode(deps, userId, id, lang);
  return { id, email, primary: false, verified: false };
}

async function findFurther(db: DB, userId: string, id: string) {
  const row = await db.selectFrom("user_email").selectAll().where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  if (!row) throw new AppError("notFound");
  return row;
}

/** Mails a (new) code to an address waiting for verification. */
export async function sendEmailAddressCode(deps: EmailAddressDeps, userId: string, id: string, lang?: string): Promise<void> {
  const row = await findFurther(deps.db, userId, id);
  if (row.verifiedAt) throw new AppError("badRequest");
  const code = await issueCode(deps.db, codeOf(id), { minutes: CODE_MINUTES, userId });
  await deps.sendMail(verificationCodeMail({ to: row.email, code, purpose: "email-verification", lang }));
}

/**
 * Verifies an address by its code (`form_code_incorrect`; `too_many_attempts` after 5 checks);
 * another account verifying the mailbox first wins it.
 */
export async function verifyEmailAddress(deps: EmailAddressDeps, userId: string, id: string, code: string): Promise<void> {
  const row = await findFurther(deps.db, userId, id);
  if (row.verifiedAt) return;
  await requireCode(deps.db, codeOf(id), code, "identifierCodeIncorrect");
  try {
    await deps.db.updateTable("user_email").set({ verifiedAt: new Date() }).where("id", "=", id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("emailExists");
    throw error;
  }
}

/**
 * Makes a verified further address the primary one; the former primary address stays as a
 * verified further address. One transaction, so no address is lost or held twice on the way.
 */
export async function makePrimaryEmailAddress(deps: EmailAddressDeps, userId: string, id: string): Promise<void> {
  const row = await findFurther(deps.db, userId, id);
  if (!row.verifiedAt) throw new AppError("emailNotVerified");
  await deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("user")
      .select(["email", "normalizedEmail", "emailVerified"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("user_email").where("id", "=", id).execute();
    await trx
      .updateTable("user")
      .set({ email: row.email, normalizedEmail: row.normalizedEmail, emailVerified: true, updatedAt: new Date() })
      .where("id", "=", userId)
      .execute();
    await trx
      .insertInto("user_email")
      .values({
        id: crypto.randomUUID(),
        userId,
        email: user.email,
        normalizedEmail: user.normalizedEmail ?? normalizeEmail(user.email),
        verifiedAt: user.emailVerified ? new Date() : null,
      })
      .execute();
  });
  // Sessions cached in shared storage carry the user: refresh them with the new address.
  const ctx = await deps.auth.$context;
  await ctx.internalAdapter.updateUser(userId, { updatedAt: new Date() });
}

/** Removes a further address; the primary one is replaced, never removed. */
export async function removeEmailAddress(deps: EmailAddressDeps, userId: string, id: string): Promise<void> {
  if (id === "primary") throw new AppError("primaryEmailRemoval");
  await findFurther(deps.db, userId, id);
  await ensureNotLastIdentifier(deps.db, userId, { kind: "email", id }, deps.identifierRules);
  await deps.db.deleteFrom("user_email").where("id", "=", id).where("userId", "=", userId).execute();
  await withdrawCode(deps.db, codeOf(id));
}

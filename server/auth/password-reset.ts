import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { withdrawCode } from "../codes/one-time-codes.js";
import type { DB } from "../db/database.js";
import { queueMails } from "../mail/outbox.js";
import { signInCodeOf } from "../phone/phone-numbers.js";

/** What the library's internal adapter offers us here: codes may sit in Redis rather than the database. */
export interface VerificationStore {
  deleteVerificationByIdentifier(identifier: string): Promise<void>;
}

/**
 * After a password reset, ends every other way into the account that was open before it
 * (docs/decisions/146). The library has already deleted every session, in the database and in Redis
 * (`revokeSessionsOnPasswordReset`), and so every bearer token, which is a session's token. Left are:
 * sign-in links mailed or opened but not yet used, sign-in codes mailed or texted, and a started
 * second step or a trusted device (kept in the database when Redis is not used; in Redis a second
 * step expires within minutes and no device is trusted by the product).
 */
export async function endAccessAfterReset(db: DB, verifications: VerificationStore, user: { id: string; email: string }) {
  const now = new Date();
  await db
    .updateTable("sign_in_link")
    .set({ expires_at: now })
    .where("user_id", "=", user.id)
    .where("status", "in", ["pending", "verified"])
    .execute();
  // The e-mailed sign-in code (the email-OTP plugin's identifier for the address).
  await verifications.deleteVerificationByIdentifier(`sign-in-otp-${user.email.toLowerCase()}`);
  const numbers = await db.selectFrom("phone_number").select("phone_number").where("user_id", "=", user.id).execute();
  for (const { phone_number } of numbers) await withdrawCode(db, signInCodeOf(phone_number));
  await db
    .deleteFrom("verification")
    .where("value", "=", user.id)
    .where((eb) => eb.or([eb("identifier", "like", "2fa-%"), eb("identifier", "like", "trust-device-%")]))
    .execute();
}

/** Queues the mail telling the account that its password was reset and every device signed out. */
export async function queuePasswordResetMail(
  db: DB,
  opts: { to: string; lang: string; baseUrl: string; mailDomain: string; resetAt?: Date },
) {
  const values = { to: opts.to, lang: opts.lang, baseUrl: opts.baseUrl, resetAt: opts.resetAt ?? new Date() };
  await queueMails(db, [{ kind: "password-reset", values, messageId: `<password-reset.${randomUUID()}@${opts.mailDomain}>` }]);
}

/** The library's hook after a reset: the rest of the revocation, then the mail; a failure of the mail is only logged. */
export function afterPasswordReset(deps: {
  db: DB;
  verifications: () => Promise<VerificationStore>;
  baseUrl: string;
  mailDomain: string;
  logger: Logger;
}) {
  return async ({ user }: { user: { id: string; email: string; locale?: string | null } }) => {
    await endAccessAfterReset(deps.db, await deps.verifications(), user);
    const lang = user.locale === "de" ? "de" : "en";
    await queuePasswordResetMail(deps.db, { to: user.email, lang, baseUrl: deps.baseUrl, mailDomain: deps.mailDomain }).catch((error) => {
      deps.logger.error({ err: error }, "password reset mail could not be queued");
    });
  };
}

import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db/database.js";
import type { WaitlistStatus } from "../db/schema.js";
import { queueMails } from "../mail/outbox.js";
import { normalizeEmail } from "./email-rules.js";

/** How long a confirmation link works. */
const LINK_DAYS = 7;
/** A second request for the same address mails a new link only after this long. */
export const RESEND_AFTER_MINUTES = 10;

export interface WaitlistDeps {
  db: DB;
  baseUrl: string;
  /** The domain of the sender address, for the mails' Message-IDs. */
  mailDomain: string;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Puts an address on the waitlist and mails it a confirmation link through the outbox. One row per
 * mailbox: a repeated request neither adds a row nor changes the answer, and it mails a new link
 * only to an unconfirmed address whose last link is older than a few minutes. Returns whether a
 * mail was queued.
 */
export async function joinWaitlist(deps: WaitlistDeps, input: { email: string; language: string }): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  const normalized = normalizeEmail(email);
  const token = randomBytes(32).toString("base64url");
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("waitlist")
      .values({ id: randomUUID(), email, normalized_email: normalized, language: input.language })
      .onConflict((oc) => oc.column("normalized_email").doNothing())
      .returning("id")
      .executeTakeFirst();
    const row = await trx
      .selectFrom("waitlist")
      .select(["id", "status", "language", "email"])
      .where("normalized_email", "=", normalized)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Only one request per mailbox and resend period claims the right to mail.
    const claimed = await trx
      .updateTable("waitlist")
      .set({
        token_hash: hashOf(token),
        token_expires_at: sql<Date>`now() + ${LINK_DAYS} * interval '1 day'`,
        confirmation_sent_at: sql<Date>`now()`,
      })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .where((eb) =>
        eb.or([
          eb("confirmation_sent_at", "is", null),
          eb("confirmation_sent_at", "<", sql<Date>`now() - ${RESEND_AFTER_MINUTES} * interval '1 minute'`),
        ]),
      )
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return false;
    await queueMails(trx, [
      {
        kind: "waitlist-confirmation",
        values: { to: row.email, baseUrl: deps.baseUrl, lang: inserted ? input.language : row.language, token },
        messageId: `<waitlist-confirmation.${randomUUID()}@${deps.mailDomain}>`,
      },
    ]);
    return true;
  });
}

/** Confirms the address of a mailed link; a link opened again still answers as confirmed. */
export async function confirmWaitlist(db: DB, token: string): Promise<boolean> {
  const row = await db
    .selectFrom("waitlist")
    .select(["id", "status"])
    .where("token_hash", "=", hashOf(token))
    .where("token_expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return false;
  if (row.status === "pending") {
    await db.updateTable("waitlist").set({ status: "confirmed", confirmed_at: sql<Date>`now()` }).where("id", "=", row.id).execute();
  }
  return true;
}

export interface WaitlistEntry {
  email: string;
  status: WaitlistStatus;
  language: string;
  createdAt: Date;
  confirmedAt: Date | null;
  invitedAt: Date | null;
}

/** Every entry, oldest first (the order people joined in). */
export async function listWaitlist(db: DB): Promise<WaitlistEntry[]> {
  const rows = await db.selectFrom("waitlist").selectAll().orderBy("created_at").orderBy("id").execute();
  return rows.map((r) => ({
    email: r.email,
    status: r.status,
    language: r.language,
    createdAt: new Date(r.created_at),
    confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
    invitedAt: r.invited_at ? new Date(r.invited_at) : null,
  }));
}

/**
 * Lets an address in: it may sign up from now on, whatever the sign-up mode, and gets an invitation
 * mail through the outbox (in the language it joined with; English for an address not on the list).
 * An address already invited is invited again (a new mail).
 */
export async function inviteFromWaitlist(deps: WaitlistDeps, address: string): Promise<WaitlistEntry> {
  const email = address.trim().toLowerCase();
  const normalized = normalizeEmail(email);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("waitlist")
      .values({ id: randomUUID(), email, normalized_email: normalized, language: "en", status: "invited", invited_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column("normalized_email").doUpdateSet({ status: "invited", invited_at: sql<Date>`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await queueMails(trx, [
      {
        kind: "waitlist-invitation",
        values: { to: row.email, baseUrl: deps.baseUrl, lang: row.language },
        messageId: `<waitlist-invitation.${randomUUID()}@${deps.mailDomain}>`,
      },
    ]);
    return {
      email: row.email,
      status: row.status,
      language: row.language,
      createdAt: new Date(row.created_at),
      confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
      invitedAt: row.invited_at ? new Date(row.invited_at) : null,
    };
  });
}

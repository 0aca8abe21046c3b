import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db/database.js";
import { type DeliveryHandler, queueMails } from "../mail/outbox.js";

/** The outbox topic of the goodbye mail; its ref is the deleted user's id. */
export const GOODBYE_TOPIC = "account-goodbye";

/** The address an erased account's rows name instead of the person's (docs/decisions/059). */
export const tombstoneOf = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Queues the goodbye mail of a deleted account (docs/decisions/149), to the address it had, in its
 * language. Queued after the erasure, which drops mails still waiting for that address.
 */
export async function queueGoodbyeMail(
  db: DB,
  opts: { userId: string; to: string; lang: string; baseUrl: string; mailDomain: string },
): Promise<void> {
  await queueMails(db, [
    {
      kind: "account-deleted",
      values: { to: opts.to, lang: opts.lang, baseUrl: opts.baseUrl },
      messageId: `<account-deleted.${randomUUID()}@${opts.mailDomain}>`,
      topic: GOODBYE_TOPIC,
      ref: opts.userId,
    },
  ]);
}

/**
 * Once the goodbye is delivered, its record keeps no trace of the address either: it names the
 * account's tombstone, as the erasure did for every earlier mail.
 */
export const forgetGoodbyeAddress: DeliveryHandler = async (trx, refs) => {
  for (const userId of refs) {
    const tombstone = tombstoneOf(userId);
    await trx
      .updateTable("mail_outbox")
      .set({ to: tombstone, data: sql<string>`jsonb_set(data, '{to}', to_jsonb(${tombstone}::text))` })
      .where("topic", "=", GOODBYE_TOPIC)
      .where("ref", "=", userId)
      .execute();
  }
};

import { type Selectable, sql } from "kysely";
import type { DB } from "../db/database.js";
import type { MailOutboxTable } from "../db/schema.js";
import type { LeasedTable } from "../jobs/lease.js";
import { type MailOfKind, renderQueuedMail } from "./outbox-templates.js";
import type { Mail } from "./transport.js";

/**
 * The outbox: mails stored in the database with the change that caused them, delivered by the
 * outbox's job (outbox-delivery.ts). A mail is stored as its kind and the values its template takes and rendered when
 * it is sent (outbox-templates.ts). The outbox knows nothing of the domains that use it; a mail's
 * `topic` and `ref` only say whom to tell once it is delivered and what they know it by.
 */
export type OutboxMail = MailOfKind & {
  /** A fixed Message-ID (with angle brackets): a mail re-sent after a crash is the same message. */
  messageId: string;
  /** Whom delivery tells when the mail is delivered: a key of its `onDelivered` handlers. */
  topic?: string;
  /** What the topic knows the mail by, e.g. the id of the record it belongs to. */
  ref?: string;
};

/**
 * Records what the delivery of a topic's mails means, given their refs. It runs in the transaction
 * that marks the mails sent and commits with that mark or not at all. `trx` is that transaction and
 * the only connection it may use: the embedded database has just one.
 */
export type DeliveryHandler = (trx: DB, refs: string[]) => Promise<void>;

export type ClaimedMail = Pick<
  Selectable<MailOutboxTable>,
  "id" | "kind" | "data" | "message_id" | "to" | "reply_to" | "subject" | "text" | "html" | "attempts"
>;

/** A mail unsent after this many attempts is given up: it waits in the table for an operator to retry it. */
export const MAX_MAIL_ATTEMPTS = 25;

/**
 * The outbox as a table of jobs: unsent mails, claimed oldest first through the partial index of
 * unsent mails in id order (migration 0029), read in that order whatever the statistics say.
 */
export const OUTBOX_TABLE: LeasedTable = {
  name: "mail_outbox",
  pending: sql`sent_at is null`,
  order: sql`id`,
  columns: sql`kind, data, message_id, "to", reply_to, subject, text, html`,
  inIndexOrder: true,
};

/** Stores mails for delivery; pass the transaction that stores what they are about. */
export async function queueMails(trx: DB, mails: OutboxMail[]): Promise<void> {
  if (!mails.length) return;
  await trx.insertInto("mail_outbox").values(outboxRows(mails)).execute();
}

/** The outbox rows of mails, for an insert of one's own (e.g. in the same statement as what they announce). */
export function outboxRows(mails: OutboxMail[]) {
  return mails.map((mail) => ({
    kind: mail.kind,
    topic: mail.topic ?? null,
    ref: mail.ref ?? null,
    message_id: mail.messageId,
    to: mail.values.to,
    data: JSON.stringify(mail.values),
  }));
}

/** The mail a claimed row stands for: rendered from its values, or as stored by an earlier version. */
export function mailOf(row: ClaimedMail): Mail {
  const mail =
    row.data == null
      ? { to: row.to, subject: row.subject ?? "", text: row.text ?? "", html: row.html ?? "", replyTo: row.reply_to ?? undefined }
      : renderQueuedMail(row.kind, row.data);
  return { ...mail, messageId: row.message_id };
}

/**
 * Marks delivered mails sent and tells each topic's handler their refs, in one transaction: each
 * commit is a disk write, the main cost per mail on the embedded database, and a delivery and its
 * consequence are recorded together or not at all.
 */
export async function markSent(db: DB, ids: number[], onDelivered: Record<string, DeliveryHandler>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const sent = await trx
      .updateTable("mail_outbox")
      .set({ sent_at: sql<Date>`now()`, locked_until: null, last_error: null })
      .where("id", "in", ids)
      .returning(["topic", "ref"])
      .execute();
    const refsByTopic = new Map<string, Set<string>>();
    for (const { topic, ref } of sent) {
      if (topic && ref) refsByTopic.set(topic, (refsByTopic.get(topic) ?? new Set()).add(ref));
    }
    for (const [topic, refs] of refsByTopic) await onDelivered[topic]?.(trx, [...refs]);
  });
}

import { type Selectable, sql } from "kysely";
import type { DB } from "../db/database.js";
import type { MailOutboxTable } from "../db/schema.js";
import { type MailOfKind, renderQueuedMail } from "./outbox-templates.js";
import type { Mail } from "./transport.js";

/**
 * The outbox: mails stored in the database with the change that caused them, delivered by the
 * outbox worker. A mail is stored as its kind and the values its template takes and rendered when
 * it is sent (outbox-templates.ts). The outbox knows nothing of the domains that use it; a mail's
 * `topic` and `ref` only say whom to tell once it is delivered and what they know it by.
 */
export type OutboxMail = MailOfKind & {
  /** A fixed Message-ID (with angle brackets): a mail re-sent after a crash is the same message. */
  messageId: string;
  /** Whom the worker tells when the mail is delivered: a key of its `onDelivered` handlers. */
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
 * Reserves up to `limit` due mails for `leaseSeconds`, oldest first, and counts the attempt. SKIP
 * LOCKED lets several server instances claim at once without taking the same row.
 */
export async function claimDueMails(db: DB, opts: { limit: number; leaseSeconds: number; maxAttempts: number }): Promise<ClaimedMail[]> {
  return db.transaction().execute(async (trx) => {
    // The planner's statistics lag a burst of new mails (PostgreSQL analyses a table a minute later at
    // the earliest, the embedded database never), so it would expect a few due mails and fetch and
    // sort all of them to keep twenty: 60 ms with 30,000 waiting. Read in index order, it stops at
    // twenty whatever the statistics say (docs/decisions/140).
    await sql`select set_config('enable_bitmapscan', 'off', true)`.execute(trx);
    const { rows } = await sql<ClaimedMail>`
      update mail_outbox set locked_until = now() + ${opts.leaseSeconds} * interval '1 second', attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where sent_at is null and attempts < ${opts.maxAttempts} and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by id limit ${opts.limit} for update skip locked)
      returning id, kind, data, message_id, "to", reply_to, subject, text, html, attempts`.execute(trx);
    return rows;
  });
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

/** Frees a failed mail's reservation and sets when it is tried again. */
export async function scheduleRetry(db: DB, id: number, delayMs: number, error: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ locked_until: null, last_error: error, next_attempt_at: sql<Date>`now() + ${delayMs} * interval '1 millisecond'` })
    .where("id", "=", id)
    .execute();
}

/** Frees every reservation; only safe when no other process can be delivering. */
export async function releaseLeases(db: DB): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ locked_until: null })
    .where("sent_at", "is", null)
    .where("locked_until", "is not", null)
    .execute();
}

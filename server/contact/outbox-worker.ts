import { sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../db/database.js";
import type { SendMail } from "../mail/transport.js";

export interface OutboxWorker {
  /** Looks for due mails now (called after a request queued some). */
  wake(): void;
  /** Stops polling and waits for mails being sent to finish. */
  stop(): Promise<void>;
}

export interface OutboxOptions {
  db: DB;
  sendMail: SendMail;
  logger: Logger;
  /** How often due mails and retries are looked for when nothing wakes the worker. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed mail stays reserved for this process; longer than any send may take. */
  leaseSeconds?: number;
  sendTimeoutMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** After this many failed attempts a mail stays in the table, unsent, for an operator to look at. */
  maxAttempts?: number;
  /**
   * Frees reservations left by a process that died. Only safe when no other process can be
   * delivering, as with the embedded database, which one process at a time can open.
   */
  releaseLeasesOnStart?: boolean;
}

interface ClaimedMail {
  id: number;
  contact_request_id: string | null;
  message_id: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/** Delay before attempt n+1 after n failed attempts: exponential, capped, with ±20 % jitter. */
export function retryDelayMs(failedAttempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(exponential * (0.8 + random() * 0.4));
}

/**
 * Delivers the mail outbox: claims due rows with a lease (SKIP LOCKED, so several server instances
 * share the work without sending a row twice), sends each, and marks it sent or schedules a retry
 * with exponential backoff. Each row carries a fixed Message-ID; only a crash between the SMTP
 * server accepting a mail and the row being marked can cause a repeat, recognisable by that id.
 */
export function startOutboxWorker(opts: OutboxOptions): OutboxWorker {
  const { db, sendMail, logger } = opts;
  const pollMs = opts.pollMs ?? 1_000;
  const batchSize = opts.batchSize ?? 20;
  const leaseSeconds = opts.leaseSeconds ?? 20;
  const sendTimeoutMs = opts.sendTimeoutMs ?? 15_000;
  const retryBaseMs = opts.retryBaseMs ?? 1_000;
  const retryMaxMs = opts.retryMaxMs ?? 15 * 60_000;
  const maxAttempts = opts.maxAttempts ?? 25;

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let ready: Promise<void> = Promise.resolve();

  if (opts.releaseLeasesOnStart) {
    ready = db
      .updateTable("mail_outbox")
      .set({ locked_until: null })
      .where("sent_at", "is", null)
      .where("locked_until", "is not", null)
      .execute()
      .then(
        () => {},
        (error) => logger.warn({ err: error }, "mail outbox: could not release old reservations"),
      );
  }

  async function claim(): Promise<ClaimedMail[]> {
    const { rows } = await sql<ClaimedMail>`
      update mail_outbox set locked_until = now() + ${leaseSeconds} * interval '1 second', attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where sent_at is null and attempts < ${maxAttempts} and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at, id limit ${batchSize} for update skip locked)
      returning id, contact_request_id, message_id, "to", reply_to, subject, text, html, attempts`.execute(db);
    return rows;
  }

  /** Sends one mail; true when the SMTP server took it, otherwise a retry is scheduled. */
  async function send(mail: ClaimedMail): Promise<boolean> {
    try {
      await withTimeout(
        sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          replyTo: mail.reply_to ?? undefined,
          messageId: mail.message_id,
        }),
        sendTimeoutMs,
      );
      return true;
    } catch (error) {
      const delay = retryDelayMs(mail.attempts, retryBaseMs, retryMaxMs);
      const message = (error as Error).message?.slice(0, 500) ?? String(error);
      logger.warn({ outboxId: mail.id, attempts: mail.attempts, retryInMs: delay, err: message }, "mail delivery failed");
      await db
        .updateTable("mail_outbox")
        .set({ locked_until: null, last_error: message, next_attempt_at: sql<Date>`now() + ${delay} * interval '1 millisecond'` })
        .where("id", "=", mail.id)
        .execute();
      return false;
    }
  }

  /**
   * Marks a batch's delivered mails sent and their requests notified once all of a request's mails
   * are out, in one statement as long as a request's mails share a batch: each commit is a disk
   * write, the main cost per mail on the embedded database. The subquery sees the table as before
   * this update, hence the `m.id <> all(...)`.
   */
  async function markSent(ids: number[]) {
    const list = sql`array[${sql.join(ids)}]::bigint[]`;
    const { rows } = await sql<{ id: string }>`
      with sent as (
        update mail_outbox set sent_at = now(), locked_until = null, last_error = null where id = any(${list})
        returning contact_request_id),
      notified as (
        update contact_request c set status = 'notified'
        where c.id in (select contact_request_id from sent) and c.status = 'pending'
          and not exists (select 1 from mail_outbox m where m.contact_request_id = c.id and m.sent_at is null and m.id <> all(${list}))
        returning c.id)
      select distinct contact_request_id as id from sent
      where contact_request_id is not null and contact_request_id not in (select id from notified)`.execute(db);
    // A request whose other mail looked unsent may have had it sent by another instance whose commit
    // this statement could not see. Checking again after our commit closes that gap: of two workers
    // finishing a request's mails at once, the later check sees both commits.
    if (rows.length) await markNotified(rows.map((r) => r.id));
  }

  async function markNotified(requestIds: string[]) {
    await db
      .updateTable("contact_request")
      .set({ status: "notified" })
      .where("id", "in", requestIds)
      .where("status", "=", "pending")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("mail_outbox as m")
              .select("m.id")
              .whereRef("m.contact_request_id", "=", "contact_request.id")
              .where("m.sent_at", "is", null),
          ),
        ),
      )
      .execute();
  }

  async function cycle() {
    await ready;
    while (!stopped) {
      const batch = await claim();
      if (!batch.length) return;
      const delivered = await Promise.all(batch.map(send));
      const sent = batch.filter((_, i) => delivered[i]).map((m) => m.id);
      if (sent.length) await markSent(sent);
    }
  }

  function schedule() {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(wake, pollMs);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = cycle()
      .catch((error) => logger.warn({ err: error }, "mail outbox: cannot read the queue, will retry"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        } else schedule();
      });
  }

  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sending took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

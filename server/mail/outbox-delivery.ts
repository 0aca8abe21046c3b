import type { DB } from "../db/database.js";
import type { JobFailure, JobKind } from "../jobs/runner.js";
import { type ClaimedMail, type DeliveryHandler, MAX_MAIL_ATTEMPTS, mailOf, markSent, OUTBOX_TABLE } from "./outbox.js";
import type { SendMail } from "./transport.js";

/** The job kind that delivers the outbox; requests that queue mails wake it by this name. */
export const MAIL_DELIVERY = "mail-delivery";

export interface OutboxDeliveryOptions {
  db: DB;
  sendMail: SendMail;
  /** Per topic, what to record when that topic's mails are delivered (see `DeliveryHandler`). */
  onDelivered?: Record<string, DeliveryHandler>;
  /** How often due mails and retries are looked for when nothing wakes the runner. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed mail stays reserved for this process; longer than any send may take. */
  leaseSeconds?: number;
  sendTimeoutMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
}

/**
 * Delivers the outbox (docs/decisions/041): a batch of due mails is sent in parallel, and the
 * delivered ones are marked sent together; a failure is retried with back-off by the runner. Each
 * mail carries a fixed Message-ID; only a crash between the SMTP server accepting a mail and the
 * mail being marked can cause a repeat, recognisable by that id.
 */
export function outboxDelivery(opts: OutboxDeliveryOptions): JobKind<ClaimedMail> {
  const onDelivered = opts.onDelivered ?? {};
  const sendTimeoutMs = opts.sendTimeoutMs ?? 15_000;
  return {
    name: MAIL_DELIVERY,
    table: OUTBOX_TABLE,
    batchSize: opts.batchSize ?? 20,
    leaseSeconds: opts.leaseSeconds ?? 20,
    maxAttempts: opts.maxAttempts ?? MAX_MAIL_ATTEMPTS,
    retry: { baseMs: opts.retryBaseMs ?? 1_000, maxMs: opts.retryMaxMs ?? 15 * 60_000 },
    pollMs: opts.pollMs ?? 1_000,
    async run(mails) {
      const failures: JobFailure<ClaimedMail>[] = [];
      const sent: number[] = [];
      await Promise.all(
        mails.map(async (mail) => {
          try {
            await withTimeout(opts.sendMail(mailOf(mail)), sendTimeoutMs);
            sent.push(mail.id);
          } catch (error) {
            failures.push({ job: mail, error });
          }
        }),
      );
      if (sent.length) await markSent(opts.db, sent, onDelivered);
      return failures;
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

import type { DB } from "../db/database.js";
import type { JobFailure, JobKind } from "../jobs/runner.js";
import { type MetricEvents, NO_METRICS } from "../metrics/metrics.js";
import { type ClaimedMail, type DeliveryHandler, MAX_MAIL_ATTEMPTS, mailOf, markSent, OUTBOX_TABLE } from "./outbox.js";
import { type SendMail, SMTP_CONNECTIONS } from "./transport.js";

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
  /** Claimed mails under way at once, in overlapping batches (decision 013). */
  inFlight?: number;
  /** Mails being sent at once: the transport's open connections. */
  connections?: number;
  /** Where each send's outcome is counted (metrics, decision 014). */
  events?: MetricEvents;
  /** How long a claimed mail stays reserved for this process; longer than any send may take. */
  leaseSeconds?: number;
  sendTimeoutMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
}

/**
 * Delivers the outbox (docs/decisions/041, 013): up to `inFlight` claimed mails are under way, in
 * overlapping batches, each refilled by a new claim as it finishes; they share the transport's
 * `connections`, each mail sent as one frees up, and each finished batch's delivered mails are
 * marked sent together. A failure is retried with back-off by the runner. A send starts only while
 * the mail's lease still covers the whole send timeout, so no other claim can be sending it too;
 * each mail carries a fixed Message-ID, and only a crash between the relay accepting a mail and the
 * mail being marked, or a relay that drops the connection after taking a mail but before saying so,
 * can cause a repeat, recognisable by that id.
 */
export function outboxDelivery(opts: OutboxDeliveryOptions): JobKind<ClaimedMail> {
  const onDelivered = opts.onDelivered ?? {};
  const sendTimeoutMs = opts.sendTimeoutMs ?? 15_000;
  const connections = gate(opts.connections ?? SMTP_CONNECTIONS);
  const events = opts.events ?? NO_METRICS;
  return {
    name: MAIL_DELIVERY,
    table: OUTBOX_TABLE,
    batchSize: opts.batchSize ?? 25,
    inFlight: opts.inFlight ?? 100,
    leaseSeconds: opts.leaseSeconds ?? 30,
    maxAttempts: opts.maxAttempts ?? MAX_MAIL_ATTEMPTS,
    retry: { baseMs: opts.retryBaseMs ?? 1_000, maxMs: opts.retryMaxMs ?? 15 * 60_000 },
    pollMs: opts.pollMs ?? 1_000,
    async run(mails, { leaseEnds }) {
      const failures: JobFailure<ClaimedMail>[] = [];
      const sent: number[] = [];
      await Promise.all(
        mails.map(async (mail) => {
          const release = await connections.enter();
          try {
            // A second behind the lease's end, for the mark that follows the send.
            if (Date.now() + sendTimeoutMs + 1_000 > leaseEnds) throw new Error("the lease ran short before a connection was free");
            await withTimeout(opts.sendMail(mailOf(mail)), sendTimeoutMs);
            sent.push(mail.id);
            events.mailSend("sent");
          } catch (error) {
            failures.push({ job: mail, error });
            events.mailSend("failed");
          } finally {
            release();
          }
        }),
      );
      if (sent.length) await markDelivered(() => markSent(opts.db, sent, onDelivered), leaseEnds);
      return failures;
    },
  };
}

/**
 * Records mails the relay took, trying again (the database away for a restart) for as long as their
 * lease holds: unmarked, they would be claimed again and sent a second time once it ran out
 * (decision 017). What still fails then is the runner's to report.
 */
async function markDelivered(mark: () => Promise<void>, leaseEnds: number): Promise<void> {
  for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 2_000)) {
    try {
      return await mark();
    } catch (error) {
      if (Date.now() + waitMs >= leaseEnds) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** At most `size` holders at once; the others wait in order of arrival. */
function gate(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async enter(): Promise<() => void> {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      return release;
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

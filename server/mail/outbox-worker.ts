import type { Logger } from "pino";
import type { DB } from "../db/database.js";
import { type ClaimedMail, claimDueMails, type DeliveryHandler, mailOf, markSent, releaseLeases, scheduleRetry } from "./outbox.js";
import type { SendMail } from "./transport.js";

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
  /** Per topic, what to record when that topic's mails are delivered (see `DeliveryHandler`). */
  onDelivered?: Record<string, DeliveryHandler>;
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

/** A mail unsent after this many attempts is given up: it waits in the table for an operator to retry it. */
export const MAX_MAIL_ATTEMPTS = 25;

/** Delay before attempt n+1 after n failed attempts: exponential, capped, with ±20 % jitter. */
export function retryDelayMs(failedAttempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(exponential * (0.8 + random() * 0.4));
}

/**
 * Delivers the outbox: claims due mails with a lease (so several server instances share the work
 * without sending a mail twice), sends each, and marks it sent or schedules a retry with
 * exponential backoff. Each mail carries a fixed Message-ID; only a crash between the SMTP server
 * accepting a mail and the mail being marked can cause a repeat, recognisable by that id.
 */
export function startOutboxWorker(opts: OutboxOptions): OutboxWorker {
  const { db, sendMail, logger } = opts;
  const onDelivered = opts.onDelivered ?? {};
  const pollMs = opts.pollMs ?? 1_000;
  const batchSize = opts.batchSize ?? 20;
  const leaseSeconds = opts.leaseSeconds ?? 20;
  const sendTimeoutMs = opts.sendTimeoutMs ?? 15_000;
  const retryBaseMs = opts.retryBaseMs ?? 1_000;
  const retryMaxMs = opts.retryMaxMs ?? 15 * 60_000;
  const maxAttempts = opts.maxAttempts ?? MAX_MAIL_ATTEMPTS;

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let ready: Promise<void> = Promise.resolve();

  if (opts.releaseLeasesOnStart) {
    ready = releaseLeases(db).catch((error) => logger.warn({ err: error }, "mail outbox: could not release old reservations"));
  }

  /** Sends one mail; true when the SMTP server took it, otherwise a retry is scheduled. */
  async function send(mail: ClaimedMail): Promise<boolean> {
    try {
      await withTimeout(sendMail(mailOf(mail)), sendTimeoutMs);
      return true;
    } catch (error) {
      const delay = retryDelayMs(mail.attempts, retryBaseMs, retryMaxMs);
      const message = (error as Error).message?.slice(0, 500) ?? String(error);
      logger.warn({ outboxId: mail.id, attempts: mail.attempts, retryInMs: delay, err: message }, "mail delivery failed");
      await scheduleRetry(db, mail.id, delay, message);
      return false;
    }
  }

  async function cycle() {
    await ready;
    while (!stopped) {
      const batch = await claimDueMails(db, { limit: batchSize, leaseSeconds, maxAttempts });
      if (!batch.length) return;
      const delivered = await Promise.all(batch.map(send));
      const sent = batch.filter((_, i) => delivered[i]).map((m) => m.id);
      if (sent.length) await markSent(db, sent, onDelivered);
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

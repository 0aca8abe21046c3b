import { AsyncResource } from "node:async_hooks";
import type { Logger } from "pino";
import type { DB } from "../db/database.js";
import { type MetricEvents, NO_METRICS } from "../metrics/metrics.js";
import { claimJobs, type LeasedJob, type LeasedTable, releaseAllLeases, releaseFailedJob, retryDelayMs } from "./lease.js";
import { type JobSignal, localJobSignal } from "./signal.js";

/** A job that failed, and why. */
export interface JobFailure<J> {
  job: J;
  error: unknown;
}

/**
 * One kind of background job: where its jobs are stored and how a batch of them is done. The
 * runner claims, retries and gives up; the kind only does the work and records each success
 * (clearing its lease) in its own terms, e.g. a mail marked sent.
 */
export interface JobKind<J extends LeasedJob = LeasedJob> {
  /** The name a wake and a notification use. */
  name: string;
  table: LeasedTable;
  /** Jobs claimed at a time. */
  batchSize: number;
  /**
   * At most this many jobs under way at once (default: one batch). Batches then overlap: each
   * one that finishes makes room for the next claim, so the work flows without waiting for the
   * slowest job of a round.
   */
  inFlight?: number;
  /** How long a claim is reserved for this process: longer than any batch may take. */
  leaseSeconds: number;
  /** After this many failed attempts a job is given up and stays in its table for an operator. */
  maxAttempts: number;
  /** Back-off: the first retry after about `baseMs`, doubling to at most `maxMs` (±20 %). */
  retry: { baseMs: number; maxMs: number };
  /** How often due jobs and retries are looked for when nothing wakes the runner. */
  pollMs: number;
  /** Upkeep at the start of each round of claims (e.g. emptying what expired). */
  beforeClaim?(db: DB): Promise<void>;
  /**
   * Does the claimed jobs, records those done, and answers the failures. `leaseEnds` (epoch ms) is
   * when the claim may run out at the earliest: work started after it could meet another claim's.
   */
  run(jobs: J[], claim: { leaseEnds: number }): Promise<JobFailure<J>[]>;
}

export interface JobRunner {
  /** Jobs of `kind` were stored: this runner, and on PostgreSQL the other instances', look now. */
  wake(kind: string): void;
  /** A `{ wake() }` for one kind, for the code that stores such jobs. */
  waker(kind: string): { wake(): void };
  /** Settles when no round is under way (one that is woken meanwhile included). */
  idle(): Promise<void>;
  /** Stops looking for jobs and waits for the jobs under way. */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  db: DB;
  logger: Logger;
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own job type; the runner only passes them back.
  kinds: JobKind<any>[];
  /** How stored jobs are announced; within this process by default. */
  signal?: JobSignal;
  /**
   * Frees leases left by a process that died, at start. Only safe when no other process can be
   * working, as with the embedded database, which one process at a time can open; on PostgreSQL a
   * dead instance's leases run out instead.
   */
  releaseLeasesOnStart?: boolean;
  /** Where each claim's lag is reported (metrics, decision 016). */
  events?: Pick<MetricEvents, "jobLag">;
}

/** Runs each kind's jobs in its own loop, so a slow kind never holds up another. */
export function startJobRunner(opts: RunnerOptions): JobRunner {
  const { db, logger } = opts;
  const signal = opts.signal ?? localJobSignal();
  const events = opts.events ?? NO_METRICS;
  const loops = new Map(opts.kinds.map((kind) => [kind.name, kindLoop(db, logger, kind, opts.releaseLeasesOnStart ?? false, events)]));
  const unlisten = signal.listen((kind) => loops.get(kind)?.wake());
  for (const loop of loops.values()) loop.wake();

  const idle = async () => {
    for (const loop of loops.values()) await loop.idle();
  };
  return {
    wake: (kind) => signal.notify(kind),
    waker: (kind) => ({ wake: () => signal.notify(kind) }),
    idle,
    async stop() {
      unlisten();
      for (const loop of loops.values()) loop.stop();
      await idle();
    },
  };
}

/**
 * One kind's loop: a round claims and runs batches until none is due, then the loop sleeps until
 * woken or for `pollMs`. A wake during a round runs another round right after it.
 */
function kindLoop(db: DB, logger: Logger, kind: JobKind, releaseLeasesOnStart: boolean, events: Pick<MetricEvents, "jobLag">) {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const scope = new AsyncResource("job-loop");
  const ready = releaseLeasesOnStart
    ? releaseAllLeases(db, kind.table).catch((error) => logger.warn({ err: error, job: kind.name }, "jobs: could not free old leases"))
    : Promise.resolve();

  async function fail({ job, error }: JobFailure<LeasedJob>) {
    const givingUp = job.attempts >= kind.maxAttempts;
    const retryInMs = retryDelayMs(job.attempts, kind.retry.baseMs, kind.retry.maxMs);
    const message = ((error as Error)?.message ?? String(error)).slice(0, 500);
    logger.warn({ job: kind.name, id: job.id, attempts: job.attempts, retryInMs: givingUp ? null : retryInMs, err: message }, "job failed");
    await releaseFailedJob(db, kind.table, job.id, { error: message, retryInMs, givingUp });
  }

  async function runBatch(jobs: LeasedJob[], leaseEnds: number) {
    const failures = await kind.run(jobs, { leaseEnds });
    for (const failure of failures) await fail(failure);
  }

  /** Claims and runs batches, up to `inFlight` jobs at a time, until none is due and none is under way. */
  async function round() {
    await ready;
    await kind.beforeClaim?.(db);
    const limit = Math.max(kind.inFlight ?? kind.batchSize, kind.batchSize);
    const underway = new Set<Promise<void>>();
    let held = 0;
    let failed: unknown;
    try {
      while (!stopped && failed === undefined) {
        const room = Math.min(kind.batchSize, limit - held);
        const leaseEnds = Date.now() + kind.leaseSeconds * 1000;
        const jobs = await claimJobs<LeasedJob>(db, kind.table, {
          limit: room,
          leaseSeconds: kind.leaseSeconds,
          maxAttempts: kind.maxAttempts,
        });
        if (jobs.length) {
          for (const job of jobs) if (job.lateBy !== undefined) events.jobLag(kind.name, job.lateBy);
          held += jobs.length;
          const batch: Promise<void> = runBatch(jobs, leaseEnds)
            .catch((error) => {
              failed = error;
            })
            .finally(() => {
              held -= jobs.length;
              underway.delete(batch);
            });
          underway.add(batch);
        }
        const drained = jobs.length < room;
        if (drained && !underway.size) return;
        // Claim again once a batch has finished (or at once while a full batch still fits).
        if (drained || limit - held < kind.batchSize) await Promise.race(underway);
      }
    } finally {
      await Promise.all(underway);
    }
    if (failed !== undefined) throw failed;
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    // In the loop's own context, not the waking request's: a trace (decision 015) ends with its request.
    running = scope
      .runInAsyncScope(round)
      // The database out of reach, or a run that threw: what was claimed is retried once its lease runs out.
      .catch((error) => logger.warn({ err: error, job: kind.name }, "jobs: cannot work through the queue, will retry"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        } else if (!stopped) timer = setTimeout(wake, kind.pollMs);
      });
  }

  return {
    wake,
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

import { type RawBuilder, sql } from "kysely";
import type { DB } from "../db/database.js";

/**
 * A table whose rows are jobs, done in the background: the mail outbox, the data exports. A job is
 * the domain's own row, written in the transaction that asks for it; what makes it a job is four
 * columns every such table has:
 *
 *     attempts        integer not null default 0
 *     locked_until    timestamptz            -- the lease: who claimed it works on it until then
 *     next_attempt_at timestamptz not null default now()
 *     last_error      text
 */
export interface LeasedTable {
  /** The table's name. */
  name: string;
  /** What makes a row still to do (e.g. `sent_at is null`); the claim's index must cover it. */
  pending: RawBuilder<unknown>;
  /** The order jobs are claimed in, an indexed column (oldest first). */
  order: RawBuilder<unknown>;
  /** The columns a claim answers besides `id` and `attempts`. */
  columns?: RawBuilder<unknown>;
  /**
   * Reads pending rows in the index's order whatever the planner's statistics say: they lag a burst
   * of new jobs (PostgreSQL analyses a table a minute later at the earliest, the embedded database
   * never), so it would expect a few and fetch and sort all of them to keep a batch
   * (docs/decisions/140).
   */
  inIndexOrder?: boolean;
  /** Assignments made, in the statement that records the last failure, when a job is given up. */
  givenUp?: RawBuilder<unknown>;
}

export type JobId = string | number;

/** A claimed job: its id, the attempts counted so far (this one included) and the table's `columns`. */
export interface LeasedJob {
  id: JobId;
  attempts: number;
  /** Seconds from the job being due to this claim (the runner's lag, for the metrics). */
  lateBy?: number;
}

/**
 * Reserves up to `limit` due jobs for `leaseSeconds`, in the table's order, and counts the attempt.
 * A job is due when it is pending, its retry time has come and nobody holds a lease on it, or the
 * lease of whoever claimed it ran out: a process that died, or hangs, loses its jobs after its
 * lease. SKIP LOCKED lets several server instances claim at once without taking the same row.
 */
export async function claimJobs<J extends LeasedJob>(
  db: DB,
  table: LeasedTable,
  opts: { limit: number; leaseSeconds: number; maxAttempts: number },
): Promise<J[]> {
  const claim = async (conn: DB) => {
    const t = sql.table(table.name);
    const { rows } = await sql<J>`
      update ${t} set locked_until = now() + ${opts.leaseSeconds} * interval '1 second', attempts = attempts + 1
      where id in (
        select id from ${t}
        where ${table.pending} and attempts < ${opts.maxAttempts} and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by ${table.order} limit ${opts.limit} for update skip locked)
      returning id, attempts, extract(epoch from now() - next_attempt_at)::float8 as "lateBy"${table.columns ? sql`, ${table.columns}` : sql``}`.execute(
      conn,
    );
    return rows;
  };
  if (!table.inIndexOrder) return claim(db);
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_bitmapscan', 'off', true)`.execute(trx);
    return claim(trx);
  });
}

/**
 * Frees a failed job's lease and records why. It is tried again after `retryInMs`, or, when
 * `givingUp`, never: it stays in its table with its last error for an operator to look at.
 */
export async function releaseFailedJob(
  db: DB,
  table: LeasedTable,
  id: JobId,
  failure: { error: string; retryInMs: number; givingUp: boolean },
): Promise<void> {
  const givenUp = failure.givingUp && table.givenUp ? sql`, ${table.givenUp}` : sql``;
  await sql`
    update ${sql.table(table.name)}
    set locked_until = null, last_error = ${failure.error},
        next_attempt_at = now() + ${failure.retryInMs} * interval '1 millisecond'${givenUp}
    where id = ${id}`.execute(db);
}

/** Frees every lease on the table's pending jobs; only safe when no other process can be working on them. */
export async function releaseAllLeases(db: DB, table: LeasedTable): Promise<void> {
  await sql`
    update ${sql.table(table.name)} set locked_until = null
    where ${table.pending} and locked_until is not null`.execute(db);
}

/** Delay before attempt n+1 after n failed attempts: exponential, capped, with ±20 % jitter. */
export function retryDelayMs(failedAttempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(exponential * (0.8 + random() * 0.4));
}

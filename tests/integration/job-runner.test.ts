import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, type DB, openDatabase } from "../../server/db/database.js";
import { claimJobs, type LeasedJob, type LeasedTable } from "../../server/jobs/lease.js";
import { type JobKind, type JobRunner, startJobRunner } from "../../server/jobs/runner.js";
import { type JobSignal, localJobSignal, postgresJobSignal } from "../../server/jobs/signal.js";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.js";

const logger = pino({ level: "silent" });
const HOUR = 60 * 60_000;

/** A table of jobs of the tests' own, with the four columns every job table has. */
const CHORES: LeasedTable = { name: "chore", pending: sql`done_at is null`, order: sql`id` };

/** Chores logged in `chore_run` (by whom, which attempt, the database's clock), failing while `failing` says so. */
function chores(db: DB, opts: Partial<JobKind> & { by?: string; failing?: (job: LeasedJob) => boolean } = {}): JobKind {
  return {
    name: "chore",
    table: CHORES,
    batchSize: 5,
    leaseSeconds: 30,
    maxAttempts: 5,
    retry: { baseMs: HOUR, maxMs: HOUR },
    pollMs: HOUR,
    ...opts,
    async run(jobs) {
      // Yield between claim and completion, so other runners' claims interleave with this batch.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const ids = jobs.map((job) => Number(job.id));
      await sql`insert into chore_run (chore_id, attempt, runner)
                select id, attempts, ${opts.by ?? "one"} from chore where id = any(${ids})`.execute(db);
      const failed = jobs.filter((job) => opts.failing?.(job));
      const done = ids.filter((id) => !failed.some((job) => Number(job.id) === id));
      if (done.length) await sql`update chore set done_at = now(), locked_until = null where id = any(${done})`.execute(db);
      return failed.map((job) => ({ job, error: new Error("not yet") }));
    },
  };
}

describe.each(DATABASE_KINDS)("the job runner on %s", (kind) => {
  let database: TestDatabase;
  /** Two handles on PostgreSQL, as two server instances have; one on the embedded database, which one process opens. */
  const handles: DatabaseHandle[] = [];
  const runners: JobRunner[] = [];
  const signals: JobSignal[] = [];
  let db: DB;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let i = 0; i < (kind === "postgres" ? 2 : 1); i++) {
      handles.push(await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir }));
    }
    db = (handles[0] as DatabaseHandle).db;
    await sql`
      create table chore (
        id serial primary key, attempts integer not null default 0, locked_until timestamptz,
        next_attempt_at timestamptz not null default now(), last_error text, done_at timestamptz)`.execute(db);
    await sql`create table chore_run (chore_id integer not null, attempt integer not null, runner text not null, at timestamptz not null default now())`.execute(
      db,
    );
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const signal of signals) await signal.close();
    for (const handle of handles) await handle.close();
    await database?.drop();
  });
  beforeEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await sql`truncate chore, chore_run restart identity`.execute(db);
  });

  const start = (opts: Parameters<typeof startJobRunner>[0]) => {
    const runner = startJobRunner(opts);
    runners.push(runner);
    return runner;
  };
  const addChores = async (n: number) =>
    (await sql<{ id: number }>`insert into chore select from generate_series(1, ${n}) returning id`.execute(db)).rows.map((r) => r.id);
  const runsOf = async (id: number) =>
    (await sql<{ attempt: number; runner: string; at: Date }>`select * from chore_run where chore_id = ${id} order by at`.execute(db)).rows;

  it("releases a job stuck with a process that stopped working on it once its lease has run out, and not before", async () => {
    const [id] = await addChores(1);
    // A process claims it for two seconds, then dies without a word.
    const [claimed] = await claimJobs(db, CHORES, { limit: 1, leaseSeconds: 2, maxAttempts: 5 });
    expect(claimed?.id).toBe(id);
    const { locked_until: leaseEnd } = (await sql<{ locked_until: Date }>`select locked_until from chore where id = ${id}`.execute(db))
      .rows[0] as { locked_until: Date };

    start({ db, logger, kinds: [chores(db, { pollMs: 100 })] });
    await expect.poll(async () => (await runsOf(id as number)).length, { timeout: 20_000 }).toBe(1);
    const [run] = await runsOf(id as number);
    expect(run?.attempt).toBe(2);
    expect(new Date(run?.at as Date).getTime()).toBeGreaterThanOrEqual(new Date(leaseEnd).getTime());
  });

  it("retries a failed job with back-off: not before its retry time, which grows with each failure", async () => {
    const [id] = await addChores(1);
    start({ db, logger, kinds: [chores(db, { pollMs: 50, retry: { baseMs: 300, maxMs: 10_000 }, failing: (job) => job.attempts < 3 })] });
    await expect.poll(async () => (await runsOf(id as number)).length, { timeout: 20_000 }).toBe(3);
    const runs = await runsOf(id as number);
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    const gaps = runs.slice(1).map((r, i) => new Date(r.at).getTime() - new Date((runs[i] as { at: Date }).at).getTime());
    // 300 ms ±20 % after the first failure, 600 ms ±20 % after the second.
    expect(gaps[0]).toBeGreaterThanOrEqual(240);
    expect(gaps[1]).toBeGreaterThanOrEqual(480);
    const done = (await sql<{ done_at: Date | null; last_error: string | null }>`select * from chore where id = ${id}`.execute(db)).rows[0];
    expect(done?.done_at).not.toBeNull();
    expect(done?.last_error).toBe("not yet");
  });

  it("looks for jobs when one is stored and the runner woken, not only at its next poll", async () => {
    const signal = kind === "postgres" ? postgresJobSignal(database.databaseUrl as string, logger) : localJobSignal();
    signals.push(signal);
    const runner = start({ db, logger, kinds: [chores(db)], signal });
    await runner.idle();
    const [id] = await addChores(1);
    runner.wake("chore");
    await expect.poll(async () => (await runsOf(id as number)).length, { timeout: 10_000 }).toBe(1);
  });

  // Only PostgreSQL has other instances to wake; the embedded database is one process's.
  if (kind === "postgres")
    it("wakes the runner of another instance when this one stores a job", async () => {
      const here = postgresJobSignal(database.databaseUrl as string, logger);
      const there = postgresJobSignal(database.databaseUrl as string, logger);
      signals.push(here, there);
      await Promise.all([here.listening, there.listening]);
      const other = (handles[1] as DatabaseHandle).db;
      const runner = start({ db: other, logger, kinds: [chores(other, { by: "there" })], signal: there });
      await runner.idle();
      // This instance runs no chores: it stores one and tells the others.
      const [id] = await addChores(1);
      here.notify("chore");
      await expect.poll(async () => (await runsOf(id as number)).map((r) => r.runner), { timeout: 10_000 }).toEqual(["there"]);
    });

  it("never lets two runners both claim a job", async () => {
    const ids = await addChores(200);
    const byRunner = handles.length > 1 ? handles.map((h) => h.db) : [db, db];
    for (const [i, runnerDb] of byRunner.entries()) start({ db: runnerDb, logger, kinds: [chores(runnerDb, { by: `runner ${i}` })] });
    await expect
      .poll(async () => (await sql<{ n: number }>`select count(*)::int as n from chore where done_at is null`.execute(db)).rows[0]?.n, {
        timeout: 30_000,
      })
      .toBe(0);
    const runs = (await sql<{ chore_id: number; runner: string }>`select chore_id, runner from chore_run order by chore_id`.execute(db))
      .rows;
    expect(runs.map((r) => r.chore_id)).toEqual(ids);
  });
});

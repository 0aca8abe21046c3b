import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, type DB, openDatabase } from "../db/database.js";
import { claimJobs, type LeasedJob, type LeasedTable, retryDelayMs } from "./lease.js";
import { type JobKind, startJobRunner } from "./runner.js";

const logger = pino({ level: "silent" });

/** A table of jobs of its own: the runner knows nothing of mails or exports. */
const CHORES: LeasedTable = { name: "chore", pending: sql`done_at is null`, order: sql`id`, givenUp: sql`gave_up = true` };

/** Chores that fail while `failing` says so; each run is logged in `chore_run` with the database's clock. */
function chores(db: DB, opts: Partial<JobKind> & { failing?: (job: LeasedJob) => boolean } = {}): JobKind {
  return {
    name: "chore",
    table: CHORES,
    batchSize: 10,
    leaseSeconds: 30,
    maxAttempts: 3,
    retry: { baseMs: 60 * 60_000, maxMs: 4 * 60 * 60_000 },
    pollMs: 60 * 60_000,
    ...opts,
    async run(jobs) {
      for (const job of jobs) await sql`insert into chore_run (chore_id, attempt) values (${job.id}, ${job.attempts})`.execute(db);
      const failed = jobs.filter((job) => opts.failing?.(job));
      const done = jobs.filter((job) => !failed.includes(job)).map((job) => job.id);
      if (done.length) await sql`update chore set done_at = now(), locked_until = null where id = any(${done})`.execute(db);
      return failed.map((job) => ({ job, error: new Error(`chore ${job.id} failed`) }));
    },
  };
}

describe("retryDelayMs", () => {
  it("doubles from the base up to the cap, within ±20 %", () => {
    const exact = (n: number) => retryDelayMs(n, 1_000, 60_000, () => 0.5);
    expect([1, 2, 3, 4, 7, 20].map(exact)).toEqual([1_000, 2_000, 4_000, 8_000, 60_000, 60_000]);
    expect(retryDelayMs(3, 1_000, 60_000, () => 0)).toBe(3_200);
    expect(retryDelayMs(3, 1_000, 60_000, () => 0.999_999)).toBe(4_800);
  });
});

describe("the job runner on the embedded database", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let db: DB;

  // A copy of the build's empty cluster when there is one; otherwise initdb, which takes seconds.
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "crm-jobs-"));
    handle = await openDatabase({ dataDir });
    db = handle.db;
    await sql`
      create table chore (
        id serial primary key, attempts integer not null default 0, locked_until timestamptz,
        next_attempt_at timestamptz not null default now(), last_error text, done_at timestamptz,
        gave_up boolean not null default false);
      create table chore_run (chore_id integer not null, attempt integer not null, at timestamptz not null default now())`.execute(db);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await sql`truncate chore, chore_run restart identity`.execute(db);
  });

  const addChore = async () => (await sql<{ id: number }>`insert into chore default values returning id`.execute(db)).rows[0]?.id as number;
  const chore = async (id: number) =>
    (
      await sql<{
        attempts: number;
        locked_until: Date | null;
        next_attempt_at: Date;
        last_error: string | null;
        done_at: Date | null;
        gave_up: boolean;
        now: Date;
      }>`
        select *, now() as now from chore where id = ${id}`.execute(db)
    ).rows[0];

  it("does the jobs stored before it started, and a job stored later when woken, not at its next poll", async () => {
    const first = await addChore();
    const runner = startJobRunner({ db, logger, kinds: [chores(db)] });
    await runner.idle();
    expect((await chore(first))?.done_at).not.toBeNull();

    // It polls hourly: only the wake can make it look now.
    const second = await addChore();
    runner.wake("chore");
    await runner.idle();
    expect((await chore(second))?.done_at).not.toBeNull();
    await runner.stop();
  });

  it("frees a failed job's lease and sets its retry after the back-off; it is not claimed before", async () => {
    const id = await addChore();
    const runner = startJobRunner({ db, logger, kinds: [chores(db, { failing: () => true })] });
    await runner.idle();
    await runner.stop();
    const failed = await chore(id);
    expect(failed).toMatchObject({ attempts: 1, locked_until: null, last_error: "chore 1 failed", done_at: null, gave_up: false });
    // First retry after an hour ±20 %.
    const waitMs = new Date(failed?.next_attempt_at as Date).getTime() - new Date(failed?.now as Date).getTime();
    expect(waitMs).toBeGreaterThan(0.8 * 60 * 60_000 - 60_000);
    expect(waitMs).toBeLessThanOrEqual(1.2 * 60 * 60_000);
    expect(await claimJobs(db, CHORES, { limit: 10, leaseSeconds: 30, maxAttempts: 3 })).toEqual([]);
  });

  it("gives a job up after its last attempt, recording it as the table says, and never claims it again", async () => {
    const id = await addChore();
    await sql`update chore set attempts = 2 where id = ${id}`.execute(db);
    const runner = startJobRunner({ db, logger, kinds: [chores(db, { failing: () => true })] });
    await runner.idle();
    expect(await chore(id)).toMatchObject({ attempts: 3, gave_up: true, done_at: null, last_error: "chore 1 failed" });
    await sql`update chore set next_attempt_at = now() where id = ${id}`.execute(db);
    runner.wake("chore");
    await runner.idle();
    await runner.stop();
    expect((await sql`select * from chore_run`.execute(db)).rows).toHaveLength(1);
  });

  it("frees the leases a killed process left when told that no other process can be working", async () => {
    const id = await addChore();
    await claimJobs(db, CHORES, { limit: 10, leaseSeconds: 3_600, maxAttempts: 3 });
    const held = startJobRunner({ db, logger, kinds: [chores(db)] });
    await held.idle();
    await held.stop();
    expect((await chore(id))?.done_at).toBeNull();

    const freed = startJobRunner({ db, logger, kinds: [chores(db)], releaseLeasesOnStart: true });
    await freed.idle();
    await freed.stop();
    expect(await chore(id)).toMatchObject({ attempts: 2 });
    expect((await chore(id))?.done_at).not.toBeNull();
  });

  it("runs a kind's upkeep once at the start of each round", async () => {
    let rounds = 0;
    const runner = startJobRunner({
      db,
      logger,
      kinds: [
        chores(db, {
          batchSize: 1,
          beforeClaim: async () => {
            rounds++;
          },
        }),
      ],
    });
    await runner.idle();
    expect(rounds).toBe(1);
    await addChore();
    await addChore();
    runner.wake("chore");
    await runner.idle();
    await runner.stop();
    expect(rounds).toBe(2);
    expect((await sql`select * from chore_run`.execute(db)).rows).toHaveLength(2);
  });

  it("keeps a job whose run threw leased until its lease runs out", async () => {
    const id = await addChore();
    const kind = chores(db);
    kind.run = async () => {
      throw new Error("the database went away");
    };
    const runner = startJobRunner({ db, logger, kinds: [kind] });
    await runner.idle();
    await runner.stop();
    const stuck = await chore(id);
    expect(stuck?.attempts).toBe(1);
    expect(new Date(stuck?.locked_until as Date).getTime()).toBeGreaterThan(new Date(stuck?.now as Date).getTime());
    expect(await claimJobs(db, CHORES, { limit: 10, leaseSeconds: 30, maxAttempts: 3 })).toEqual([]);
  });

  it("keeps up to inFlight jobs under way in overlapping batches, claiming the next as soon as one finishes", async () => {
    for (let i = 0; i < 10; i++) await addChore();
    const batches: { ids: number[]; finish: () => void }[] = [];
    let underway = 0;
    let most = 0;
    const kind = chores(db, { batchSize: 2, inFlight: 6 });
    const done = kind.run;
    kind.run = async (jobs, claim) => {
      underway += jobs.length;
      most = Math.max(most, underway);
      await new Promise<void>((finish) => batches.push({ ids: jobs.map((job) => Number(job.id)), finish }));
      underway -= jobs.length;
      return done(jobs, claim);
    };
    const runner = startJobRunner({ db, logger, kinds: [kind] });
    await expect.poll(() => batches.length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(batches).toHaveLength(3);

    // The first batch finishing makes room: the fourth is claimed while the second and third still run.
    batches[0]?.finish();
    await expect.poll(() => batches.length).toBe(4);
    expect(batches[3]?.ids.sort()).toEqual([7, 8]);
    for (let next = 1; next < 5; next++) {
      batches[next]?.finish();
      await expect.poll(() => batches.length).toBe(Math.min(5, next + 4));
    }
    await runner.idle();
    await runner.stop();
    expect(most).toBe(6);
    expect((await sql<{ n: number }>`select count(*)::int as n from chore where done_at is not null`.execute(db)).rows[0]?.n).toBe(10);
  });
});

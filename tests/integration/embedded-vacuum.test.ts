import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, type DB, openDatabase } from "../../server/db/database.js";
import { IDLE_BEFORE_VACUUM_MS, startIdleVacuum, VACUUM_INTERVAL_MS, vacuumTables } from "../../server/db/idle-vacuum.js";
import { migrateToLatest } from "../../server/db/migrate.js";

const logger = pino({ level: "silent" });

/** What PostgreSQL knows of a table: dead rows, the planner's row estimate and its column statistics. */
async function upkeepOf(db: DB, table: string) {
  // Counters reach the statistics views at most once a second; the next statement sees them.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ dead: number; live: number; vacuumed: boolean; analysed: boolean; estimate: number; columns: number }>`
    select s.n_dead_tup::int as dead, s.n_live_tup::int as live,
      s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analysed,
      c.reltuples::int as estimate,
      (select count(*)::int from pg_stats p where p.schemaname = 'public' and p.tablename = ${table}) as columns
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and s.relname = ${table}`.execute(db);
  return rows[0];
}

/** Rows written, changed and half deleted, as the operator settings would be over a long time. */
async function churn(db: DB, prefix: string) {
  await sql`insert into app_setting (key, value) select ${prefix} || i, 'on' from generate_series(1, 2000) i`.execute(db);
  await sql`update app_setting set value = 'off' where key like ${`${prefix}%`}`.execute(db);
  await sql`delete from app_setting where key like ${`${prefix}%`} and right(key, 1) in ('0', '2', '4', '6', '8')`.execute(db);
}

describe("upkeep of the embedded database", () => {
  let dataDir: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "crm-test-"));
    database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("vacuums and analyses once the server has been idle a minute, at most once an hour", async () => {
    const { db } = database;
    let clock = 1_000_000;
    const upkeep = startIdleVacuum({ db, logger, now: () => clock });
    try {
      await churn(db, "churn-a-");
      const before = await upkeepOf(db, "app_setting");
      // Updates and deletes left dead rows; the planner has never counted the table nor its columns.
      expect(before).toMatchObject({ dead: 3000, live: 1000, vacuumed: false, analysed: false, columns: 0 });
      expect(before?.estimate).toBeLessThan(0);

      // Not yet idle for a minute; a request a little later starts the minute again.
      clock += IDLE_BEFORE_VACUUM_MS - 1;
      expect(await upkeep.check()).toBeUndefined();
      upkeep.touch();
      clock += IDLE_BEFORE_VACUUM_MS - 1;
      expect(await upkeep.check()).toBeUndefined();
      expect((await upkeepOf(db, "app_setting"))?.dead).toBe(3000);

      clock += 1;
      const run = await upkeep.check();
      expect(run?.complete).toBe(true);
      expect(run?.tables).toContain("public.app_setting");
      expect(run?.longestHoldMs).toBeGreaterThan(0);
      expect(await upkeepOf(db, "app_setting")).toEqual({
        dead: 0,
        live: 1000,
        vacuumed: true,
        analysed: true,
        estimate: 1000,
        columns: 3,
      });

      // Idle again, but the last run is less than an hour old.
      await churn(db, "churn-b-");
      clock += 10 * IDLE_BEFORE_VACUUM_MS;
      expect(await upkeep.check()).toBeUndefined();
      expect((await upkeepOf(db, "app_setting"))?.dead).toBe(3000);
      clock += VACUUM_INTERVAL_MS;
      expect((await upkeep.check())?.tables).toContain("public.app_setting");
      expect(await upkeepOf(db, "app_setting")).toMatchObject({ dead: 0, live: 2000, estimate: 2000 });
    } finally {
      await upkeep.stop();
    }
  });

  it("leaves untouched tables alone and yields between tables when traffic comes back", async () => {
    const { db } = database;
    // Nothing changed since the last run: nothing to do.
    expect((await vacuumTables(db)).tables).toEqual([]);
    // Two tables changed: the settings and the waitlist.
    await churn(db, "churn-c-");
    await sql`insert into waitlist (id, email, normalized_email, language)
      select 'w' || i, 'w' || i || '@example.com', 'w' || i || '@example.com', 'en' from generate_series(1, 50) i`.execute(db);
    await sql`delete from waitlist where id like 'w1%'`.execute(db);
    // Traffic is back after the first table: the run stops there and the rest waits for the next idle minute.
    let asked = 0;
    const partial = await vacuumTables(db, () => asked++ > 0);
    expect(partial).toMatchObject({ complete: false, tables: ["public.app_setting"] });
    const rest = await vacuumTables(db);
    expect(rest).toMatchObject({ complete: true, tables: ["public.waitlist", "pg_catalog.pg_statistic"] });
    expect(await upkeepOf(db, "app_setting")).toMatchObject({ dead: 0, live: 3000 });
    expect(await upkeepOf(db, "waitlist")).toMatchObject({ dead: 0, live: 39, estimate: 39 });
  });
});

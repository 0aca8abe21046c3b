import { sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "./database.js";

/**
 * Upkeep of the embedded database (docs/decisions/007). PGlite runs PostgreSQL in single-user mode,
 * where no autovacuum runs: dead rows of updates and deletes stay in the tables and indexes, and
 * the planner never gets statistics. Once the server has answered no API request for a minute, and
 * at most once an hour, each table with dead rows or changes since its last analysis gets
 * `VACUUM (ANALYZE)`, one table per statement. PGlite has one connection and runs on the server's
 * own thread, so a request arriving meanwhile waits at most for the table in hand (bench/README.md);
 * the tables after it wait for the next idle minute.
 * PostgreSQL vacuums itself; this runs for PGlite only.
 */
export const IDLE_BEFORE_VACUUM_MS = 60_000;
export const VACUUM_INTERVAL_MS = 60 * 60_000;

export interface VacuumRun {
  /** The tables vacuumed (and ours analysed), as "schema.table". */
  tables: string[];
  /** The longest single statement: how long a request could have waited for the connection. */
  longestHoldMs: number;
  totalMs: number;
  /** False when traffic came back before every table was done. */
  complete: boolean;
}

/**
 * Tables worth a vacuum: ours with dead rows, changes since their last analysis or never analysed
 * (`reltuples` -1, e.g. a fresh copy of the build's cluster), and system catalogs with dead rows
 * (migrations and temporary tables leave them). Largest first is not needed: each is one statement.
 */
export async function tablesNeedingUpkeep(db: DB): Promise<{ schema: string; table: string }[]> {
  // Counters reach the statistics views at most once a second; a later statement sees them all.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ schema: string; table: string }>`
    select s.schemaname as schema, s.relname as table
    from pg_stat_all_tables s join pg_class c on c.oid = s.relid
    where c.relkind = 'r' and s.schemaname not in ('pg_toast', 'information_schema')
      and (s.n_dead_tup > 0 or (s.schemaname <> 'pg_catalog' and (s.n_mod_since_analyze > 0 or c.reltuples < 0)))
    order by s.schemaname, s.relname`.execute(db);
  return rows;
}

const STATISTICS = "pg_catalog.pg_statistic";

/** `VACUUM (ANALYZE)` table by table, stopping early when `shouldYield` says traffic is back. */
export async function vacuumTables(db: DB, shouldYield: () => boolean = () => false): Promise<VacuumRun> {
  const started = performance.now();
  const run: VacuumRun = { tables: [], longestHoldMs: 0, totalMs: 0, complete: true };
  const needed = (await tablesNeedingUpkeep(db)).map(({ schema, table }) => `${schema}.${table}`);
  // Analysing replaces rows of pg_statistic: it goes last, so a run leaves no dead rows behind.
  const tables = needed.length ? [...needed.filter((name) => name !== STATISTICS), STATISTICS] : [];
  for (const name of tables) {
    // PGlite runs each statement on this thread: between two, requests that arrived meanwhile are
    // read (and may ask the run to stop) before the next one starts.
    await new Promise((resolve) => setImmediate(resolve));
    if (shouldYield()) {
      run.complete = false;
      break;
    }
    const [schema = "", table = ""] = name.split(".");
    // The analyses' counts for pg_statistic reach the statistics first, or they would outlive its vacuum.
    if (name === STATISTICS) await sql`select pg_stat_force_next_flush()`.execute(db);
    const t0 = performance.now();
    // Our tables are analysed too; the catalogs only vacuumed (analysing pg_statistic rewrites it).
    await (schema === "pg_catalog" ? sql`vacuum ${sql.id(schema, table)}` : sql`vacuum (analyze) ${sql.id(schema, table)}`).execute(db);
    run.longestHoldMs = Math.max(run.longestHoldMs, performance.now() - t0);
    run.tables.push(name);
  }
  run.totalMs = performance.now() - started;
  return run;
}

export interface IdleVacuum {
  /**
   * Notes an API request; its start is enough (one clock read, no listener per request). One still
   * running a minute later shares the connection with the upkeep like any request arriving during it.
   */
  touch(): void;
  /** Runs the upkeep if the server is idle and the last complete run is an hour old; the timer calls it. */
  check(): Promise<VacuumRun | undefined>;
  /** Stops the timer and waits for a statement in hand. */
  stop(): Promise<void>;
}

export function startIdleVacuum(opts: { db: DB; logger: Logger; idleMs?: number; intervalMs?: number; now?: () => number }): IdleVacuum {
  const { db, logger, idleMs = IDLE_BEFORE_VACUUM_MS, intervalMs = VACUUM_INTERVAL_MS, now = Date.now } = opts;
  let lastActivity = now();
  let lastComplete = Number.NEGATIVE_INFINITY;
  let running: Promise<VacuumRun | undefined> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const dueAt = () => Math.max(lastActivity + idleMs, lastComplete + intervalMs);

  // One timer at a time, set for when the upkeep could be due; a request only moves the clock.
  function arm() {
    if (stopped || timer) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void check();
      },
      Math.max(dueAt() - now(), 1_000),
    );
    timer.unref();
  }

  async function check(): Promise<VacuumRun | undefined> {
    if (stopped || running) return running;
    if (now() < dueAt()) {
      arm();
      return undefined;
    }
    const since = lastActivity;
    running = vacuumTables(db, () => stopped || lastActivity !== since)
      .then((run) => {
        if (run.complete) lastComplete = now();
        if (run.tables.length) {
          logger.info(
            {
              tables: run.tables.length,
              longestHoldMs: Math.round(run.longestHoldMs),
              totalMs: Math.round(run.totalMs),
              complete: run.complete,
            },
            "embedded database vacuumed",
          );
        }
        return run;
      })
      .catch((error) => {
        logger.warn({ err: error }, "embedded database upkeep failed; tried again when next idle");
        return undefined;
      })
      .finally(() => {
        running = undefined;
        arm();
      });
    return running;
  }

  arm();
  return {
    touch() {
      lastActivity = now();
    },
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

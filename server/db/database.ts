import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect, sql } from "kysely";
import { DataFolderBusyError, type DataFolderLock, lockDataFolder } from "./data-folder-lock.js";
import { pglitePool } from "./pglite-pool.js";
import { preparingClient } from "./prepared-statements.js";
import { observedPool, type PoolUse, type QueryHook } from "./query-hooks.js";
import type { Database } from "./schema.js";
import { seedFromTemplate } from "./template.js";

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: "pglite" | "postgres";
  /** The embedded database as a gzip'd archive of its cluster, taken between transactions (decision 012). */
  dump?: () => Promise<Blob>;
  /** Adds an observer of every statement (traces, metrics; decisions 014, 015). */
  observeQueries(hook: QueryHook): void;
  /** The pool's connections in use and idle, and callers waiting for one. */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

/** PGlite's own start parameters (single-user mode and its fixed settings), kept when adding ours. */
const PGLITE_START_PARAMS = PGlite.defaultStartParams;

/**
 * PostgreSQL's 128 MB of shared buffers live in the server's own memory with PGlite, touched from
 * the start; 32 MB (PostgreSQL's former default) keep a single instance's working set while the
 * operating system's file cache holds the rest (docs/decisions/135).
 */
const EMBEDDED_SETTINGS = ["-c", "shared_buffers=32MB"];

/** pg_trgm: the operator console's user search (migration 0017_operator). */
export const EMBEDDED_EXTENSIONS = { pg_trgm };

/** PostgreSQL when a URL is given, otherwise the embedded PGlite database kept in `dataDir`. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** A new embedded database starts as a copy of the build's migrated cluster when there is one (default). */
  fromTemplate?: boolean;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // Loaded only for PostgreSQL: the embedded database does not need the network driver.
    const { default: pg } = await import("pg");
    // Timestamps come back as Date objects; BIGINT counters as numbers (they stay far below 2^53).
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      Client: preparingClient(pg.Client),
    });
    // A client losing its connection (database restart) must not crash the process: idle ones report
    // to the pool; one checked out between two statements (a transaction) has no listener of the
    // pool's, so each gets its own. Its next query fails as unavailable and the pool drops it.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const observed = observedPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: observed.pool as never }) });
    return {
      db,
      kind: "postgres",
      observeQueries: observed.observe,
      poolUse: () => ({ used: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const dir = path.join(opts.dataDir, "pglite");
  const cannotOpen = (error: unknown) => {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return new Error(`Cannot open the embedded database in DATA_DIR (${dir}): ${reason}`, { cause: error });
  };
  // Throws DataFolderBusyError while another process has the folder open (decision 009).
  let lock: DataFolderLock;
  try {
    lock = lockDataFolder(opts.dataDir);
  } catch (error) {
    throw error instanceof DataFolderBusyError ? error : cannotOpen(error);
  }
  let pglite: PGlite;
  try {
    if (opts.fromTemplate !== false) await seedFromTemplate(dir);
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, { extensions: EMBEDDED_EXTENSIONS, startParams: [...PGLITE_START_PARAMS, ...EMBEDDED_SETTINGS] });
  } catch (error) {
    lock.release();
    throw cannotOpen(error);
  }
  const pool = pglitePool(pglite);
  const observed = observedPool(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: observed.pool as never }) });
  return {
    db,
    kind: "pglite",
    observeQueries: observed.observe,
    poolUse: pool.use,
    dump: async () => {
      // Holding the one connection, no transaction is open: after a checkpoint the cluster's files
      // are one committed state. Requests wait for the connection meanwhile (about a second per 40 MB).
      const connection = await pool.connect();
      try {
        await pglite.exec("checkpoint");
        return await pglite.dumpDataDir("gzip");
      } finally {
        connection.release();
      }
    },
    close: async () => {
      try {
        await db.destroy();
      } finally {
        lock.release();
      }
    },
  };
}

export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

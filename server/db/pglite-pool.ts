import type { PGlite } from "@electric-sql/pglite";
import type { PoolUse } from "./query-hooks.js";

/**
 * Presents one PGlite instance as the minimal `pg` pool that Kysely's PostgresDialect drives.
 * PGlite has a single connection, so a connection is handed out to one caller at a time;
 * this keeps a transaction's statements from interleaving with other queries.
 */
export function pglitePool(db: PGlite) {
  let queue: Promise<void> = Promise.resolve();
  /** Callers holding or waiting for the one connection. */
  let callers = 0;

  const client = {
    async query(sql: string, params?: readonly unknown[]) {
      // Statements without parameters may hold several commands (migrations); `exec` runs those.
      const result = params?.length
        ? await db.query<Record<string, unknown>>(sql, params as unknown[])
        : ((await db.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 });
      return {
        command: commandOf(sql),
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    },
  };

  return {
    async connect() {
      let release!: () => void;
      const previous = queue;
      callers++;
      queue = new Promise<void>((resolve) => {
        release = () => {
          callers--;
          resolve();
        };
      });
      await previous;
      return { ...client, release };
    },
    use(): PoolUse {
      return { used: Math.min(callers, 1), idle: callers ? 0 : 1, waiting: Math.max(callers - 1, 0) };
    },
    async end() {
      await queue;
      await db.close();
    },
  };
}

function commandOf(sql: string) {
  return (sql.trimStart().split(/\s/, 1)[0] ?? "").toUpperCase();
}

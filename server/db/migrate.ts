import { Migrator, sql } from "kysely";
import type { DB } from "./database.js";
import { migrations } from "./migrations/index.js";

/**
 * The migrations this version knows that the database has not recorded: one query, against the
 * migrator's several catalog queries and lock (about 0.4 s on the embedded database), so a start
 * with nothing to do stays short. Readiness asks it too. Throws when the database does not answer.
 */
export async function pendingMigrations(db: DB): Promise<string[]> {
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = new Set(rows.map((r) => r.name));
  } catch (error) {
    if ((error as { code?: string }).code !== "42P01") throw error;
    applied = new Set(); // no migration table yet: a new database
  }
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

async function upToDate(db: DB): Promise<boolean> {
  try {
    return (await pendingMigrations(db)).length === 0;
  } catch {
    return false; // the migrator reports what is wrong
  }
}

/**
 * The migrator over our migrations. Numbers are taken ahead by changes made side by side, so one
 * with a lower number can arrive after a database ran a higher one (0031 after 0032): it is applied
 * then instead of refused. Each migration stands alone; none depends on a higher number.
 */
export const migratorFor = (db: DB) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });

/** Applies pending migrations; safe to run from several instances at once (Kysely takes a lock). */
export async function migrateToLatest(db: DB): Promise<string[]> {
  if (await upToDate(db)) return [];
  const migrator = migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

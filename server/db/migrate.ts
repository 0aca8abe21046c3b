import { Migrator } from "kysely";
import type { DB } from "./database.js";
import { migrations } from "./migrations/index.js";

/** Applies pending migrations; safe to run from several instances at once (Kysely takes a lock). */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

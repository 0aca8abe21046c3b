import { existsSync } from "node:fs";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";

/** `npm run db:migrate`: applies pending migrations to the configured database. */
if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await database.close();
}

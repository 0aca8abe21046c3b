import { existsSync } from "node:fs";
import path from "node:path";
import { DEFAULT_DATA_DIR } from "../config.js";
import { BackupError, restoreBackup } from "../db/backup.js";
import { DataFolderBusyError } from "../db/data-folder-lock.js";

const USAGE = `Usage:
  npm run restore -- FILE    restores a backup made by "npm run backup" into DATA_DIR, which must be
                             empty or absent (a backup never replaces a database); then start the server

On PostgreSQL, restore a pg_dump archive with pg_restore instead (see the README).`;

/**
 * `npm run restore -- FILE` (decision 012). Not a command of the running server: it fills a data
 * folder no server has yet. The environment is read without the full configuration, which would
 * create a development secret in DATA_DIR and so make it non-empty.
 */
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length || file.startsWith("-")) {
  console.log(USAGE);
  process.exit(file === "--help" || file === "-h" ? 0 : 2);
}
if (existsSync(".env")) process.loadEnvFile(".env");
if (process.env.DATABASE_URL) {
  console.error("DATABASE_URL is set: the database is PostgreSQL. Restore a pg_dump archive with pg_restore (see the README).");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR);
try {
  const restored = await restoreBackup(path.resolve(file), dataDir);
  console.log(
    `Restored ${path.resolve(file)} into ${dataDir}: ${restored.users} users, ${restored.contactRequests} contact requests. ` +
      "Start the server; it applies any migrations of a newer version.",
  );
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DataFolderBusyError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

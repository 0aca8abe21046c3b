import { existsSync } from "node:fs";
import { readMaintenance, setMaintenance } from "../access/maintenance.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";

const USAGE = `Usage:
  npm run maintenance -- on       sign-in, sign-up and the account area answer with the maintenance message
  npm run maintenance -- off      back to normal
  npm run maintenance -- status

The switch is stored in the configured database (DATABASE_URL, else the embedded database in
DATA_DIR, which only one process can open at a time: stop the server first). Running instances
pick it up within 5 seconds. MAINTENANCE=1 in the environment forces it on regardless.`;

/** `npm run maintenance`: the operator's maintenance switch. */
const command = process.argv[2];
if (command !== "on" && command !== "off" && command !== "status") {
  console.log(USAGE);
  process.exit(command === "--help" || command === "-h" ? 0 : 2);
}

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  if (command !== "status") await setMaintenance(database.db, command === "on");
  const on = await readMaintenance(database.db);
  console.log(`Maintenance mode is ${on ? "on" : "off"} in the database${config.MAINTENANCE ? " (and forced on by MAINTENANCE)" : ""}.`);
} catch (error) {
  if ((error as { code?: string }).code !== "42P01") throw error;
  console.error('The database has no settings table yet: run "npm run db:migrate" or start the server once.');
  process.exitCode = 1;
} finally {
  await database.close();
}

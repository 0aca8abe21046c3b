import { existsSync } from "node:fs";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { recordAudit } from "../operator/audit-log.js";
import { listOperators, setOperatorRole } from "../operator/users.js";

const USAGE = `Usage:
  npm run admin -- grant EMAIL    make the user with this address an operator (the console at /en/admin)
  npm run admin -- revoke EMAIL   take the operator role away
  npm run admin -- list           the operators now

Works on the configured database (DATABASE_URL, else the embedded database in DATA_DIR, which only
one process can open at a time: stop the server first). Each change is written to the audit log.`;

/** `npm run admin`: who may use the operator console. */
const [command, email] = process.argv.slice(2);
const valid = command === "list" || ((command === "grant" || command === "revoke") && Boolean(email));
if (!valid) {
  console.log(USAGE);
  process.exit(command === "--help" || command === "-h" ? 0 : 2);
}

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  if (command === "list") {
    const operators = await listOperators(database.db);
    console.log(operators.length ? operators.map((o) => `${o.email}\t${o.name}`).join("\n") : "No operators yet.");
  } else {
    const grant = command === "grant";
    const user = await setOperatorRole(database.db, email as string, grant);
    await recordAudit(
      database.db,
      config.AUTH_SECRET,
      { id: null, email: null },
      {
        action: grant ? "role.grant" : "role.revoke",
        targetType: "user",
        targetId: user?.id ?? null,
        targetLabel: email,
        outcome: user ? "success" : "failure",
      },
    );
    if (!user) {
      console.error(`No account uses the address ${email}.`);
      process.exitCode = 1;
    } else console.log(grant ? `${user.email} is now an operator.` : `${user.email} is no longer an operator.`);
  }
} catch (error) {
  if ((error as { code?: string }).code !== "42703" && (error as { code?: string }).code !== "42P01") throw error;
  console.error('The database is not up to date: run "npm run db:migrate" or start the server once.');
  process.exitCode = 1;
} finally {
  await database.close();
}

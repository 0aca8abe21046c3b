import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { contactsCsv } from "../contact/csv.js";
import { listContacts } from "../contact/list-contacts.js";
import { openDatabase } from "../db/database.js";

const USAGE = `Usage:
  npm run contacts -- list [--limit N] [--status pending|notified|spam]
  npm run contacts -- export --format csv [--status ...] > contacts.csv

Reads the contact requests from the configured database (DATABASE_URL, else the embedded
database in DATA_DIR; stop the server first when using the embedded one, which only one
process can open at a time).`;

/** `npm run contacts`: the operator's view of stored contact requests. */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: "string" },
    limit: { type: "string" },
    status: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
const command = positionals[0];
if (values.help || (command !== "list" && command !== "export")) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
if (command === "export" && values.format !== "csv") {
  console.error('Only "--format csv" is supported.');
  process.exit(2);
}
const limit = values.limit ? Number(values.limit) : undefined;
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
  console.error("--limit must be a positive whole number.");
  process.exit(2);
}
if (values.status && !["pending", "notified", "spam"].includes(values.status)) {
  console.error("--status must be pending, notified or spam.");
  process.exit(2);
}

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const rows = await listContacts(database.db, { limit, status: values.status }).catch((error) => {
    if ((error as { code?: string }).code !== "42P01") throw error;
    console.error('The database has no contact requests table yet: run "npm run db:migrate" or start the server once.');
    process.exit(1);
  });
  if (command === "export") {
    process.stdout.write(contactsCsv(rows));
  } else if (!rows.length) {
    console.log("No contact requests stored.");
  } else {
    printTable(
      ["Received", "Status", "Mails", "Name", "Email", "Company", "Lang", "Message", "Id"],
      rows.map((r) => [
        r.created_at.toISOString().replace("T", " ").slice(0, 19),
        r.status,
        `${r.mails_sent}/${r.mails_total}`,
        r.name,
        r.email,
        r.company ?? "",
        r.language,
        preview(r.message),
        r.id,
      ]),
    );
    console.log(`\n${rows.length} request${rows.length === 1 ? "" : "s"}`);
  }
} finally {
  await database.close();
}

/** A message on one line of the table, shortened; the CSV export carries it in full. */
function preview(message: string | null): string {
  const line = (message ?? "").replace(/\s+/g, " ").trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

function printTable(head: string[], body: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of body) console.log(line(row));
}

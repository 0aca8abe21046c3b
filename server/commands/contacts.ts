import { parseArgs } from "node:util";
import { contactsCsv } from "../contact/csv.js";
import { listContacts } from "../contact/list-contacts.js";
import { type Command, notMigrated, usage } from "./command.js";
import { WHERE } from "./where.js";

const USAGE = `Usage:
  npm run contacts -- list [--limit N] [--status pending|notified|spam]
  npm run contacts -- export --format csv [--status ...] > contacts.csv

Reads the stored contact requests. ${WHERE}`;

const STATUSES = ["pending", "notified", "spam"];

interface Args {
  command: "list" | "export";
  limit?: number;
  status?: string;
}

/** `npm run contacts`: the operator's view of stored contact requests. */
export const contactsCommand: Command<Args> = {
  usage: USAGE,
  parse(argv) {
    let parsed: ReturnType<typeof parseOptions>;
    try {
      parsed = parseOptions(argv);
    } catch (error) {
      return usage(USAGE, { error: (error as Error).message });
    }
    const { positionals, values } = parsed;
    const command = positionals[0];
    if (values.help || (command !== "list" && command !== "export") || positionals.length > 1) {
      return usage(USAGE, { help: values.help });
    }
    if (command === "export" && values.format !== "csv") return { stdout: "", stderr: 'Only "--format csv" is supported.\n', exitCode: 2 };
    const limit = values.limit ? Number(values.limit) : undefined;
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
      return { stdout: "", stderr: "--limit must be a positive whole number.\n", exitCode: 2 };
    }
    if (values.status && !STATUSES.includes(values.status)) {
      return { stdout: "", stderr: "--status must be pending, notified or spam.\n", exitCode: 2 };
    }
    return { args: { command, limit, status: values.status } };
  },
  async run({ db }, { command, limit, status }) {
    let rows: Awaited<ReturnType<typeof listContacts>>;
    try {
      rows = await listContacts(db, { limit, status });
    } catch (error) {
      return notMigrated(error, "The database has no contact requests table yet");
    }
    if (command === "export") return { stdout: contactsCsv(rows), stderr: "", exitCode: 0 };
    if (!rows.length) return { stdout: "No contact requests stored.\n", stderr: "", exitCode: 0 };
    const table = formatTable(
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
    return { stdout: `${table}\n\n${rows.length} request${rows.length === 1 ? "" : "s"}\n`, stderr: "", exitCode: 0 };
  },
};

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      format: { type: "string" },
      limit: { type: "string" },
      status: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/** A message on one line of the table, shortened; the CSV export carries it in full. */
function preview(message: string | null): string {
  const line = (message ?? "").replace(/\s+/g, " ").trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

function formatTable(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

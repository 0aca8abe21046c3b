import { migrateToLatest } from "../db/migrate.js";
import { type Command, usage } from "./command.js";

const USAGE = `Usage:
  npm run db:migrate    applies pending migrations to the configured database (a running server has applied them at its start)`;

/** `npm run db:migrate`: applies pending migrations. */
export const migrateCommand: Command<Record<string, never>> = {
  usage: USAGE,
  parse(argv) {
    return argv.length ? usage(USAGE, { help: argv[0] === "--help" || argv[0] === "-h" }) : { args: {} };
  },
  async run({ db }) {
    const applied = await migrateToLatest(db);
    return { stdout: `${applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date."}\n`, stderr: "", exitCode: 0 };
  },
};

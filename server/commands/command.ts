import type { Config } from "../config.js";
import type { DB } from "../db/database.js";

/** What a command works with: the database of whoever runs it (the CLI itself, or the running server). */
export interface CommandContext {
  db: DB;
  config: Config;
  /** Wakes the running server's mail outbox once a command queued a mail (absent when the CLI runs it). */
  mailQueued?: () => void;
  /** The embedded database's archive (absent on PostgreSQL). */
  dumpDatabase?: () => Promise<Blob>;
}

/** What a command answers, printed as it is by the CLI wherever the command ran. */
export interface CommandResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * An operator command (`npm run admin`, …). `parse` checks the arguments before anything is opened
 * and answers the usage when they are wrong; `run` does the work. The running server parses the
 * arguments again: what comes through its socket is checked like everything else it receives.
 */
export interface Command<Args> {
  usage: string;
  parse(argv: readonly string[]): { args: Args } | CommandResult;
  run(ctx: CommandContext, args: Args): Promise<CommandResult>;
}

/** Collects a command's output lines. */
export function output() {
  const out: string[] = [];
  const err: string[] = [];
  let exitCode = 0;
  return {
    log: (line: string) => out.push(line),
    error: (line: string, code = 1) => {
      err.push(line);
      exitCode = code;
    },
    result: (): CommandResult => ({
      stdout: out.map((l) => `${l}\n`).join(""),
      stderr: err.map((l) => `${l}\n`).join(""),
      exitCode,
    }),
  };
}

/** The answer to wrong arguments: the usage, exit code 2 (0 when help was asked for). */
export function usage(text: string, opts: { help?: boolean; error?: string } = {}): CommandResult {
  return { stdout: `${text}\n`, stderr: opts.error ? `${opts.error}\n` : "", exitCode: opts.help ? 0 : 2 };
}

/** The database misses a table or column the command needs: it was never migrated to this version. */
export function notMigrated(error: unknown, what = "The database is not up to date"): CommandResult {
  const code = (error as { code?: string }).code;
  if (code !== "42P01" && code !== "42703") throw error;
  return { stdout: "", stderr: `${what}: run "npm run db:migrate" or start the server once.\n`, exitCode: 1 };
}

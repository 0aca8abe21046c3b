import { existsSync } from "node:fs";
import type { CommandResult } from "../commands/command.js";
import { NoCommandSocketError, sendCommand } from "../commands/command-socket.js";
import { COMMANDS, type CommandName, runCommand } from "../commands/registry.js";
import { ConfigError, loadConfig } from "../config.js";
import { DataFolderBusyError } from "../db/data-folder-lock.js";
import { openDatabase } from "../db/database.js";

/**
 * Runs an operator command from the command line (decision 009): on PostgreSQL, or on an embedded
 * database no other process holds, the command opens the database itself; while a server holds the
 * embedded database, the command goes through that server's local socket; while another process
 * that takes no commands holds it, the command refuses and says why.
 */
export async function runCommandLine(name: CommandName, argv = process.argv.slice(2)): Promise<void> {
  const parsed = COMMANDS[name].parse(argv);
  if (!("args" in parsed)) return print(parsed);
  try {
    if (existsSync(".env")) process.loadEnvFile(".env");
    const config = loadConfig();
    let database: Awaited<ReturnType<typeof openDatabase>>;
    try {
      database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    } catch (error) {
      if (!(error instanceof DataFolderBusyError)) throw error;
      return print(await throughServer(error, name, argv));
    }
    try {
      print(await runCommand({ db: database.db, config, dumpDatabase: database.dump }, name, argv));
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `The command failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

async function throughServer(busy: DataFolderBusyError, name: CommandName, argv: readonly string[]): Promise<CommandResult> {
  try {
    return await sendCommand(busy.dataDir, name, argv);
  } catch (error) {
    if (!(error instanceof NoCommandSocketError)) throw error;
    return {
      stdout: "",
      stderr:
        `The embedded database in ${busy.dataDir} is open in process ${busy.pid}, which takes no commands ` +
        "(a server still starting or stopping, or another command): wait for it and try again, or stop it first.\n",
      exitCode: 1,
    };
  }
}

function print(result: CommandResult) {
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

import { adminCommand } from "./admin.js";
import { backupCommand } from "./backup.js";
import type { Command, CommandContext, CommandResult } from "./command.js";
import { contactsCommand } from "./contacts.js";
import { maintenanceCommand } from "./maintenance.js";
import { migrateCommand } from "./migrate.js";
import { waitlistCommand } from "./waitlist.js";

/** Every operator command by name, as the CLI and the server's command socket know them. */
export const COMMANDS = {
  admin: adminCommand,
  backup: backupCommand,
  contacts: contactsCommand,
  maintenance: maintenanceCommand,
  migrate: migrateCommand,
  waitlist: waitlistCommand,
};

export type CommandName = keyof typeof COMMANDS;

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === "string" && Object.hasOwn(COMMANDS, name);
}

/** Parses and runs one command on a database. */
export async function runCommand(ctx: CommandContext, name: CommandName, argv: readonly string[]): Promise<CommandResult> {
  const command = COMMANDS[name] as Command<unknown>;
  const parsed = command.parse(argv);
  if (!("args" in parsed)) return parsed;
  return command.run(ctx, parsed.args);
}

import { readMaintenance, setMaintenance } from "../access/maintenance.js";
import { type Command, notMigrated, usage } from "./command.js";
import { WHERE } from "./where.js";

const USAGE = `Usage:
  npm run maintenance -- on       sign-in, sign-up and the account area answer with the maintenance message
  npm run maintenance -- off      back to normal
  npm run maintenance -- status

${WHERE} Running instances pick the switch up within 5 seconds. MAINTENANCE=1 in the environment
forces it on regardless.`;

type Args = { command: "on" | "off" | "status" };

/** `npm run maintenance`: the operator's maintenance switch. */
export const maintenanceCommand: Command<Args> = {
  usage: USAGE,
  parse([command, ...rest]) {
    if ((command === "on" || command === "off" || command === "status") && !rest.length) return { args: { command } };
    return usage(USAGE, { help: command === "--help" || command === "-h" });
  },
  async run({ db, config }, { command }) {
    try {
      if (command !== "status") await setMaintenance(db, command === "on");
      const on = await readMaintenance(db);
      const forced = config.MAINTENANCE ? " (and forced on by MAINTENANCE)" : "";
      return { stdout: `Maintenance mode is ${on ? "on" : "off"} in the database${forced}.\n`, stderr: "", exitCode: 0 };
    } catch (error) {
      return notMigrated(error, "The database has no settings table yet");
    }
  },
};

import { recordAudit } from "../operator/audit-log.js";
import { listOperators, setOperatorRole } from "../operator/users.js";
import { type Command, notMigrated, output, usage } from "./command.js";
import { WHERE } from "./where.js";

const USAGE = `Usage:
  npm run admin -- grant EMAIL    make the user with this address an operator (the console at /en/admin)
  npm run admin -- revoke EMAIL   take the operator role away
  npm run admin -- list           the operators now

${WHERE} Each change is written to the audit log.`;

type Args = { command: "list" } | { command: "grant" | "revoke"; email: string };

/** `npm run admin`: who may use the operator console. */
export const adminCommand: Command<Args> = {
  usage: USAGE,
  parse([command, email, ...rest]) {
    if (command === "list" && !email) return { args: { command } };
    if ((command === "grant" || command === "revoke") && email?.trim() && !rest.length) return { args: { command, email } };
    return usage(USAGE, { help: command === "--help" || command === "-h" });
  },
  async run({ db, config }, args) {
    const o = output();
    try {
      if (args.command === "list") {
        const operators = await listOperators(db);
        o.log(operators.length ? operators.map((op) => `${op.email}\t${op.name}`).join("\n") : "No operators yet.");
        return o.result();
      }
      const grant = args.command === "grant";
      // The change and its audit entry are written together, or neither is.
      const user = await db.transaction().execute(async (trx) => {
        const changed = await setOperatorRole(trx, args.email, grant);
        await recordAudit(
          trx,
          config.AUTH_SECRET,
          { id: null, email: null },
          {
            action: grant ? "role.grant" : "role.revoke",
            targetType: "user",
            targetId: changed?.id ?? null,
            targetLabel: args.email,
            outcome: changed ? "success" : "failure",
          },
        );
        return changed;
      });
      if (!user) o.error(`No account uses the address ${args.email}.`);
      else o.log(grant ? `${user.email} is now an operator.` : `${user.email} is no longer an operator.`);
      return o.result();
    } catch (error) {
      return notMigrated(error);
    }
  },
};

import { z } from "zod";
import { inviteFromWaitlist, listWaitlist } from "../access/waitlist.js";
import { domainOf } from "../contact/submit-contact.js";
import { type Command, notMigrated, output, usage } from "./command.js";
import { WHERE } from "./where.js";

const USAGE = `Usage:
  npm run waitlist -- list            everyone on the waitlist, oldest first, with status and dates
  npm run waitlist -- invite EMAIL    let this address sign up and send it an invitation e-mail

${WHERE} Invitation e-mails go through the mail outbox: a running server (or the next one started)
sends them.`;

type Args = { command: "list" } | { command: "invite"; address: string };

const date = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : "-");

/** `npm run waitlist`: the operator's view of the waitlist, and letting people in. */
export const waitlistCommand: Command<Args> = {
  usage: USAGE,
  parse([command, address, ...rest]) {
    if (command === "list" && !address) return { args: { command } };
    if (command === "invite" && address && !rest.length) {
      if (z.email().safeParse(address).success) return { args: { command, address } };
      return usage(USAGE, { error: `"${address}" is not an e-mail address.` });
    }
    return usage(USAGE, { help: command === "--help" || command === "-h" });
  },
  async run({ db, config, mailQueued }, args) {
    const o = output();
    try {
      if (args.command === "invite") {
        const entry = await inviteFromWaitlist({ db, baseUrl: config.BASE_URL, mailDomain: domainOf(config.MAIL_FROM) }, args.address);
        mailQueued?.();
        o.log(`${entry.email} may sign up now; the invitation e-mail (${entry.language}) is queued.`);
        if (config.SIGNUP_MODE === "public") o.log("Note: SIGNUP_MODE is public, so everyone may sign up anyway.");
        return o.result();
      }
      const entries = await listWaitlist(db);
      if (!entries.length) o.log("Nobody is on the waitlist.");
      for (const e of entries) {
        o.log(
          [
            e.email,
            e.status,
            e.language,
            `joined ${date(e.createdAt)}`,
            `confirmed ${date(e.confirmedAt)}`,
            `invited ${date(e.invitedAt)}`,
          ].join("\t"),
        );
      }
      return o.result();
    } catch (error) {
      return notMigrated(error, "The database has no waitlist table yet");
    }
  },
};

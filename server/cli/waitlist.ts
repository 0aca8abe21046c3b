import { existsSync } from "node:fs";
import { z } from "zod";
import { inviteFromWaitlist, listWaitlist } from "../access/waitlist.js";
import { loadConfig } from "../config.js";
import { domainOf } from "../contact/submit-contact.js";
import { openDatabase } from "../db/database.js";

const USAGE = `Usage:
  npm run waitlist -- list            everyone on the waitlist, oldest first, with status and dates
  npm run waitlist -- invite EMAIL    let this address sign up and send it an invitation e-mail

The waitlist is stored in the configured database (DATABASE_URL, else the embedded database in
DATA_DIR, which only one process can open at a time: stop the server first). Invitation e-mails go
through the mail outbox: a running server (or the next one started) sends them.`;

/** `npm run waitlist`: the operator's view of the waitlist, and letting people in. */
const [command, address] = process.argv.slice(2);
const valid = (command === "list" && !address) || (command === "invite" && address && z.email().safeParse(address).success);
if (!valid) {
  if (command === "invite" && address) console.error(`"${address}" is not an e-mail address.`);
  console.log(USAGE);
  process.exit(command === "--help" || command === "-h" ? 0 : 2);
}

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const date = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : "-");
try {
  if (command === "invite") {
    const entry = await inviteFromWaitlist(
      { db: database.db, baseUrl: config.BASE_URL, mailDomain: domainOf(config.MAIL_FROM) },
      address as string,
    );
    console.log(`${entry.email} may sign up now; the invitation e-mail (${entry.language}) is queued.`);
    if (config.SIGNUP_MODE === "public") console.log("Note: SIGNUP_MODE is public, so everyone may sign up anyway.");
  } else {
    const entries = await listWaitlist(database.db);
    if (!entries.length) console.log("Nobody is on the waitlist.");
    for (const e of entries) {
      console.log(
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
  }
} catch (error) {
  if ((error as { code?: string }).code !== "42P01") throw error;
  console.error('The database has no waitlist table yet: run "npm run db:migrate" or start the server once.');
  process.exitCode = 1;
} finally {
  await database.close();
}

import { runCommandLine } from "./run-command.js";

/** `npm run waitlist`: the operator's view of the waitlist, and letting people in. */
await runCommandLine("waitlist");

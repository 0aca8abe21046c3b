import { runCommandLine } from "./run-command.js";

/** `npm run contacts`: the operator's view of stored contact requests. */
await runCommandLine("contacts");

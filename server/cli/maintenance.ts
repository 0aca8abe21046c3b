import { runCommandLine } from "./run-command.js";

/** `npm run maintenance`: the operator's maintenance switch. */
await runCommandLine("maintenance");

import { runCommandLine } from "./run-command.js";

/** `npm run admin`: who may use the operator console. */
await runCommandLine("admin");

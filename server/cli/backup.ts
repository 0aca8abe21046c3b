import path from "node:path";
import { runCommandLine } from "./run-command.js";

/** `npm run backup -- FILE`: a backup of the embedded database, taken by the running server when there is one. */
await runCommandLine(
  "backup",
  process.argv.slice(2).map((arg) => (arg.startsWith("-") ? arg : path.resolve(arg))),
);

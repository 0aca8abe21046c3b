import { runCommandLine } from "./run-command.js";

/** `npm run db:migrate`: applies pending migrations to the configured database. */
await runCommandLine("migrate");

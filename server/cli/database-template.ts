import { renameSync, rmSync } from "node:fs";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { TEMPLATE_DIR } from "../db/template.js";

/**
 * Build step: creates the embedded cluster that new databases are copied from, with every
 * migration applied (decision 130). Run by scripts/build-server.mjs from the bundle in build/node.
 */
const staging = `${TEMPLATE_DIR}.staging`;
rmSync(staging, { recursive: true, force: true });
// Removed first, so that opening the staging database runs initdb instead of copying the old one.
rmSync(TEMPLATE_DIR, { recursive: true, force: true });
// openDatabase keeps the cluster in `<dataDir>/pglite`; the staging folder is that data folder.
const database = await openDatabase({ dataDir: staging, fromTemplate: false });
await migrateToLatest(database.db);
await database.close();
renameSync(`${staging}/pglite`, TEMPLATE_DIR);
rmSync(staging, { recursive: true, force: true });

// Bundles the server into build/node (dependencies stay in node_modules), compresses the pages
// and catalogs for the origin a start will use (decision 135), then creates the embedded database
// template new installations are copied from (decision 130).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/**
 * Dependencies are bundled with the server: loading hundreds of package files one by one kept a
 * start waiting on file reads for a second (decision 135). These stay in node_modules: they find
 * files of their own beside their code (WebAssembly, native binaries, worker scripts). OpenTelemetry
 * stays there too: loaded only when traces are on (decision 015), it adds nothing to a start without.
 */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "sharp",
  "pg",
  "pg-native",
  "pino",
  "pino/*",
  "@opentelemetry/*",
  "xmllint-wasm",
];

// Chunk names change with their content: old ones would pile up.
rmSync("build/node/chunks", { recursive: true, force: true });

await build({
  entryPoints: {
    main: "server/main.ts",
    migrate: "server/cli/migrate.ts",
    contacts: "server/cli/contacts.ts",
    admin: "server/cli/admin.ts",
    // Every operator command, so an installation without the development tools (the container image) has them.
    maintenance: "server/cli/maintenance.ts",
    waitlist: "server/cli/waitlist.ts",
    backup: "server/cli/backup.ts",
    restore: "server/cli/restore.ts",
    "database-template": "server/cli/database-template.ts",
    "compressed-files": "server/cli/compressed-files.ts",
  },
  outdir: "build/node",
  bundle: true,
  platform: "node",
  format: "esm",
  // Chunks, so that \`npm start\` loads the server's modules while the database opens (decision 135).
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  target: "node20.19",
  external: EXTERNAL,
  // Bundled CommonJS packages require Node's built-in modules.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  sourcemap: true,
  logLevel: "warning",
});

const compressed = spawnSync(process.execPath, ["build/node/compressed-files.js"], { stdio: "inherit" });
if (compressed.status !== 0) throw new Error("Compressing the pages failed");

// Creating a cluster takes seconds, so the template is rebuilt only when what it is made of
// changes: the PGlite version and the migrations.
const template = "build/node/pglite-template";
const stamp = `${template}.key`;
const key = createHash("sha256");
key.update(readFileSync("node_modules/@electric-sql/pglite/package.json"));
for (const file of readdirSync("server/db/migrations").sort()) key.update(readFileSync(path.join("server/db/migrations", file)));
const digest = key.digest("hex");
if (!existsSync(path.join(template, "PG_VERSION")) || !existsSync(stamp) || readFileSync(stamp, "utf8") !== digest) {
  const result = spawnSync(process.execPath, ["build/node/database-template.js"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("Creating the embedded database template failed");
  writeFileSync(stamp, digest);
}

// Last: the build is complete (scripts/build-state.mjs compares sources against this file).
writeFileSync("build/node/build-complete", `${new Date().toISOString()}\n`);

// Bundles the server into build/node (dependencies stay in node_modules), then creates the
// embedded database template new installations are copied from (decision 130).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "server/main.ts",
    migrate: "server/cli/migrate.ts",
    contacts: "server/cli/contacts.ts",
    admin: "server/cli/admin.ts",
    "database-template": "server/cli/database-template.ts",
  },
  outdir: "build/node",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

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

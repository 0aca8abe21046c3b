// Bundles the server into build/node (dependencies stay in node_modules).
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "server/main.ts",
    migrate: "server/cli/migrate.ts",
    contacts: "server/cli/contacts.ts",
    admin: "server/cli/admin.ts",
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

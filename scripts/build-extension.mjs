// Builds the reference extension into build/extension, loadable unpacked at chrome://extensions
// (docs/decisions/092). The server it signs in to is set here, at build time:
//   EXTENSION_SERVER_URL=https://crm.example.com npm run build:extension
// An argument names another folder to build into (the end-to-end test builds its own copy).
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import sharp from "sharp";

const OUT = process.argv[2] ?? "build/extension";
const server = new URL(process.env.EXTENSION_SERVER_URL || "http://localhost:3000");
if (!["http:", "https:"].includes(server.protocol) || server.pathname !== "/" || server.search || server.hash) {
  throw new Error(`EXTENSION_SERVER_URL must be an http(s) origin, like https://crm.example.com (got ${server.href})`);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(`${OUT}/icons`, { recursive: true });

await build({
  entryPoints: { "service-worker": "extension/src/service-worker.ts", popup: "extension/src/popup.ts" },
  outdir: OUT,
  bundle: true,
  format: "iife",
  target: "chrome116",
  minify: true,
  define: { SERVER_URL: JSON.stringify(server.origin) },
  logLevel: "warning",
});

const manifest = JSON.parse(readFileSync("extension/manifest.json", "utf8"));
// Only the configured server: the worker's requests to it need no CORS.
manifest.host_permissions = [`${server.origin}/*`];
manifest.icons = { 16: "icons/16.png", 48: "icons/48.png", 128: "icons/128.png" };
manifest.action.default_icon = { 16: "icons/16.png", 48: "icons/48.png" };
writeFileSync(`${OUT}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);

for (const file of ["popup.html", "popup.css", "_locales"]) cpSync(`extension/${file}`, `${OUT}/${file}`, { recursive: true });
const logo = readFileSync("public/favicon.svg");
for (const size of [16, 48, 128])
  await sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(`${OUT}/icons/${size}.png`);

console.log(`${OUT}: signs in to ${server.origin}`);

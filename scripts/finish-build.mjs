// Runs after the React Router build:
// 1. Marks the framework's module preloads fetchpriority="low" in every prerendered page, so they
//    do not compete with the stylesheet and the first paint (they are still fetched right away).
// 2. Precompresses the hashed assets once (brotli and gzip files beside each), so the server does
//    not spend start-up time on them. Pages are compressed at start-up because the server writes
//    the deployment's origin into them first.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const client = "build/client";
for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const html = readFileSync(file, "utf8");
  const marked = html.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=');
  if (marked !== html) writeFileSync(file, marked);
}

const assets = path.join(client, "assets");
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  const body = readFileSync(file);
  if (body.length <= 256) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  );
}

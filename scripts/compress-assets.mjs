// Precompresses the hashed assets once at build time (brotli and gzip files beside each), so the
// server does not spend start-up time on them. Pages are compressed at start-up because the
// server writes the deployment's origin into them first.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = "build/client/assets";
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(dir, name);
  const body = readFileSync(file);
  if (body.length <= 256) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  );
}

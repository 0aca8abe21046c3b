import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { baseUrlOf, DEFAULT_PORT } from "../config.js";
import { siteOptions } from "../http/site.js";
import { compressBrotli, compressedName, compressGzip, isCompressible, readDirectory } from "../http/static-files.js";
import { CLIENT_BUILD_DIR, COMPRESSED_STORE, LOCALES_DIR } from "../paths.js";
import { LOCALE_FILES } from "../routes/locales.js";

/**
 * Build step (decision 135): compresses the pages, with the origin a start with this environment
 * writes into them (BASE_URL, else this machine at PORT), and the catalogs, so that a start finds
 * them compressed instead of spending seconds of CPU beside the database. Run by
 * scripts/build-server.mjs from the bundle in build/node.
 */
const origin = baseUrlOf(process.env.BASE_URL || undefined, Number(process.env.PORT) || DEFAULT_PORT);
const bodies = [...readDirectory(CLIENT_BUILD_DIR, siteOptions(origin)), ...readDirectory(LOCALES_DIR, LOCALE_FILES)].filter(
  (f) => !f.siblings && isCompressible(f.urlPath, f.body),
);

const staging = `${COMPRESSED_STORE}.staging`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
await Promise.all(
  bodies.map(async ({ body }) => {
    const base = path.join(staging, compressedName(body));
    const [gzip, br] = await Promise.all([compressGzip(body), compressBrotli(body)]);
    writeFileSync(`${base}.gz`, gzip);
    writeFileSync(`${base}.br`, br);
  }),
);
rmSync(COMPRESSED_STORE, { recursive: true, force: true });
renameSync(staging, COMPRESSED_STORE);
console.log(`Compressed ${bodies.length} pages and catalogs for ${origin}`);

import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  type: string;
  /** Hashes of the inline scripts of an HTML page, for its Content-Security-Policy. */
  scriptHashes: string[];
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".xml"]);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Builds one servable file, compressed once here so requests only pick a buffer. The compression
 * runs on libuv's thread pool: the pages of a site compress in parallel, beside the database start.
 */
async function staticFile(name: string, body: Buffer, precompressed: { gzip?: Buffer; br?: Buffer } = {}): Promise<StaticFile> {
  const ext = path.extname(name);
  const file: StaticFile = {
    body,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    type: TYPES[ext] ?? "application/octet-stream",
    scriptHashes: ext === ".html" ? inlineScriptHashes(body.toString("utf8")) : [],
  };
  if (precompressed.gzip && precompressed.br) {
    file.gzip = precompressed.gzip;
    file.br = precompressed.br;
  } else if (COMPRESSIBLE.has(ext) && body.length > 256) {
    [file.gzip, file.br] = await Promise.all([
      gzipped(body, { level: 9 }),
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    ]);
  }
  return file;
}

/**
 * Loads a folder into memory, keyed by URL path ("/assets/x.js"). `transform` may rewrite files;
 * untransformed files use `.br`/`.gz` siblings made at build time when they exist.
 */
export async function loadDirectory(
  dir: string,
  prefix = "",
  transform?: (name: string, body: Buffer) => Buffer | undefined,
): Promise<Map<string, StaticFile>> {
  const names = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name)),
  );
  const loaded = [...names]
    .filter((full) => !((full.endsWith(".br") || full.endsWith(".gz")) && names.has(full.slice(0, -3))))
    .map(async (full): Promise<[string, StaticFile]> => {
      const urlPath = `${prefix}/${path.relative(dir, full).split(path.sep).join("/")}`;
      const raw = readFileSync(full);
      const changed = transform?.(urlPath, raw);
      if (changed) return [urlPath, await staticFile(urlPath, changed)];
      const precompressed =
        names.has(`${full}.br`) && names.has(`${full}.gz`) ? { br: readFileSync(`${full}.br`), gzip: readFileSync(`${full}.gz`) } : {};
      return [urlPath, await staticFile(urlPath, raw, precompressed)];
    });
  return new Map(await Promise.all(loaded));
}

/** sha256 hashes of executable inline <script> elements (data blocks such as JSON are skipped). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? "";
    if (/\ssrc=/i.test(attrs)) continue;
    const type = /\stype=["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return hashes;
}

/** Picks the best encoding the client accepts. */
export function negotiate(file: StaticFile, acceptEncoding: string | undefined): { body: Buffer; encoding?: "br" | "gzip" } {
  const accept = acceptEncoding ?? "";
  if (file.br && /\bbr\b/.test(accept)) return { body: file.br, encoding: "br" };
  if (file.gzip && /\bgzip\b/.test(accept)) return { body: file.gzip, encoding: "gzip" };
  return { body: file.body };
}

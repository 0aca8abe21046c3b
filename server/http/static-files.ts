import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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

/** Builds one servable file: compressed once at load, so requests only pick a buffer. */
function staticFile(name: string, body: Buffer, precompressed: { gzip?: Buffer; br?: Buffer } = {}): StaticFile {
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
    file.gzip = gzipSync(body, { level: 9 });
    file.br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  return file;
}

/**
 * Loads a folder into memory, keyed by URL path ("/assets/x.js"). `transform` may rewrite files;
 * untransformed files use `.br`/`.gz` siblings made at build time when they exist.
 */
export function loadDirectory(
  dir: string,
  prefix = "",
  transform?: (name: string, body: Buffer) => Buffer | undefined,
): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const names = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name)),
  );
  for (const full of names) {
    if ((full.endsWith(".br") || full.endsWith(".gz")) && names.has(full.slice(0, -3))) continue;
    const urlPath = `${prefix}/${path.relative(dir, full).split(path.sep).join("/")}`;
    const raw = readFileSync(full);
    const changed = transform?.(urlPath, raw);
    if (changed) {
      files.set(urlPath, staticFile(urlPath, changed));
      continue;
    }
    const precompressed =
      names.has(`${full}.br`) && names.has(`${full}.gz`) ? { br: readFileSync(`${full}.br`), gzip: readFileSync(`${full}.gz`) } : {};
    files.set(urlPath, staticFile(urlPath, raw, precompressed));
  }
  return files;
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

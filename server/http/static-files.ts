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

/** Bodies compressed ahead of time, named by the SHA-256 of what they compress (see `compressedName`). */
export type CompressedStore = string;

/** The file name a body's compressed forms have in a compressed store, without `.gz`/`.br`. */
export function compressedName(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

export function compressGzip(body: Buffer): Promise<Buffer> {
  return gzipped(body, { level: 9 });
}

export function compressBrotli(body: Buffer): Promise<Buffer> {
  return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** The compressed forms of `body` from a store, when both are there. */
function fromStore(store: CompressedStore | undefined, body: Buffer): { gzip: Buffer; br: Buffer } | undefined {
  if (!store) return undefined;
  const base = path.join(store, compressedName(body));
  try {
    return { gzip: readFileSync(`${base}.gz`), br: readFileSync(`${base}.br`) };
  } catch {
    return undefined;
  }
}

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
  } else if (isCompressible(name, body)) {
    [file.gzip, file.br] = await Promise.all([compressGzip(body), compressBrotli(body)]);
  }
  return file;
}

/** Whether a file is worth sending compressed: text formats above a few hundred bytes. */
export function isCompressible(name: string, body: Buffer): boolean {
  return COMPRESSIBLE.has(path.extname(name)) && body.length > 256;
}

export interface LoadOptions {
  /** Prepended to every URL path ("/locales"). */
  prefix?: string;
  /** May rewrite a file; the rewritten body is what is served and compressed. */
  transform?: (name: string, body: Buffer) => Buffer | undefined;
  /**
   * Where compressed forms made ahead of time are kept by content (the build's, decision 135).
   * A body found there is not compressed again; any other is compressed here.
   */
  compressed?: CompressedStore;
}

/** The servable bodies of a folder, keyed by URL path ("/assets/x.js"), after `transform`. */
export function readDirectory(
  dir: string,
  opts: LoadOptions = {},
): { urlPath: string; body: Buffer; siblings?: { gzip: Buffer; br: Buffer } }[] {
  const names = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name)),
  );
  return [...names]
    .filter((full) => !((full.endsWith(".br") || full.endsWith(".gz")) && names.has(full.slice(0, -3))))
    .map((full) => {
      const urlPath = `${opts.prefix ?? ""}/${path.relative(dir, full).split(path.sep).join("/")}`;
      const raw = readFileSync(full);
      const changed = opts.transform?.(urlPath, raw);
      if (changed) return { urlPath, body: changed };
      // Hashed assets get `.br`/`.gz` siblings at build time.
      const siblings =
        names.has(`${full}.br`) && names.has(`${full}.gz`)
          ? { br: readFileSync(`${full}.br`), gzip: readFileSync(`${full}.gz`) }
          : undefined;
      return { urlPath, body: raw, siblings };
    });
}

/** Loads a folder into memory, keyed by URL path, each file compressed once (or found compressed). */
export async function loadDirectory(dir: string, opts: LoadOptions = {}): Promise<Map<string, StaticFile>> {
  const loaded = readDirectory(dir, opts).map(
    async ({ urlPath, body, siblings }): Promise<[string, StaticFile]> => [
      urlPath,
      await staticFile(urlPath, body, siblings ?? (isCompressible(urlPath, body) ? fromStore(opts.compressed, body) : undefined)),
    ],
  );
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

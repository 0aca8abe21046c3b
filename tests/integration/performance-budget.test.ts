import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CLIENT_BUILD_DIR } from "../../server/paths.js";

/**
 * The speed budget of the landing page, checked on every build: the JavaScript a visitor's browser
 * loads before interacting, and the prerendered HTML. Lazy-loaded parts are not counted.
 */
const JS_BUDGET_KB = 70;
const HTML_BUDGET_KB = 40;
/**
 * The page as the server sends it (brotli, quality 11) and its response headers (about 930 bytes)
 * within TCP's initial window of 10 segments of 1,460 bytes: the page arrives in the first round
 * trip of a new connection instead of waiting for a second one (decision 159).
 */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460 - 1000;
const kb = (bytes: number) => bytes / 1024;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const islandsManifest: Record<string, Chunk> = JSON.parse(readFileSync(path.join(CLIENT_BUILD_DIR, "islands-manifest.json"), "utf8"));

/**
 * A script and, when the islands build made it (decision 157), the files it imports; for the islands
 * entry also each island, which it imports at once. What an island imports later is not counted.
 */
function islandFiles(src: string): string[] {
  const start = Object.entries(islandsManifest).find(([, chunk]) => `/${chunk.file}` === src);
  if (!start) return [src];
  const found = new Set<string>();
  const pending = [start[0], ...(start[1].isEntry ? (start[1].dynamicImports ?? []) : [])];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (found.has(key)) continue;
    found.add(key);
    pending.push(...(islandsManifest[key]?.imports ?? []));
  }
  return [...found].flatMap((key) => [`/${islandsManifest[key]?.file}`, ...(islandsManifest[key]?.css ?? []).map((css) => `/${css}`)]);
}

function budgetOf(page: string) {
  const html = readFileSync(path.join(CLIENT_BUILD_DIR, page, "index.html"), "utf8");
  // Every script the page's loader imports or preloads (lazy chunks are referenced only from JavaScript),
  // and on a page with islands what their entry imports and hydrates at once.
  const files = new Set<string>();
  for (const m of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) for (const src of islandFiles(m[1] as string)) files.add(src);
  const scripts = [...files].filter((src) => src.endsWith(".js"));
  // A stylesheet the islands load besides the page's own links (a second copy of one, decision 158).
  const lateStylesheets = [...files].filter((src) => src.endsWith(".css"));
  const js = scripts.reduce((sum, src) => sum + gzipSync(readFileSync(path.join(CLIENT_BUILD_DIR, src)), { level: 9 }).length, 0);
  const brotli = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { scripts: scripts.length, lateStylesheets, jsKb: kb(js), htmlKb: kb(gzipSync(Buffer.from(html), { level: 9 }).length), brotli };
}

describe.each(["en", "de"])("performance budget of /%s", (lang) => {
  const budget = budgetOf(lang);

  it(`loads at most ${JS_BUDGET_KB} KB of gzip JavaScript before interaction`, () => {
    expect(budget.scripts).toBeGreaterThan(0);
    expect(budget.jsKb).toBeLessThanOrEqual(JS_BUDGET_KB);
  });

  it("loads no stylesheet with its islands: the page links its stylesheets", () => {
    expect(budget.lateStylesheets).toEqual([]);
  });

  it(`is at most ${HTML_BUDGET_KB} KB of gzip HTML`, () => {
    expect(budget.htmlKb).toBeLessThanOrEqual(HTML_BUDGET_KB);
  });

  it(`is at most ${FIRST_ROUND_TRIP_BYTES} bytes of brotli HTML: it arrives in one round trip`, () => {
    expect(budget.brotli).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CLIENT_BUILD_DIR } from "../../server/paths.js";

/**
 * The speed budget of the landing page, checked on every build: the JavaScript a visitor's browser
 * loads before interacting, and the prerendered HTML. Lazy-loaded parts are not counted.
 */
const JS_BUDGET_KB = 145;
const HTML_BUDGET_KB = 40;
const kb = (bytes: number) => bytes / 1024;

function budgetOf(page: string) {
  const html = readFileSync(path.join(CLIENT_BUILD_DIR, page, "index.html"), "utf8");
  // Every script the page's loader imports or preloads (lazy chunks are referenced only from JavaScript).
  const scripts = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string));
  const js = [...scripts].reduce((sum, src) => sum + gzipSync(readFileSync(path.join(CLIENT_BUILD_DIR, src)), { level: 9 }).length, 0);
  return { scripts: scripts.size, jsKb: kb(js), htmlKb: kb(gzipSync(Buffer.from(html), { level: 9 }).length) };
}

describe.each(["en", "de"])("performance budget of /%s", (lang) => {
  const budget = budgetOf(lang);

  it(`loads at most ${JS_BUDGET_KB} KB of gzip JavaScript before interaction`, () => {
    expect(budget.scripts).toBeGreaterThan(0);
    expect(budget.jsKb).toBeLessThanOrEqual(JS_BUDGET_KB);
  });

  it(`is at most ${HTML_BUDGET_KB} KB of gzip HTML`, () => {
    expect(budget.htmlKb).toBeLessThanOrEqual(HTML_BUDGET_KB);
  });
});

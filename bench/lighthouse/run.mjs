// Lighthouse 12.8 (mobile preset, Debian Chromium): median of 3 runs per page and each run's score and
// blocking time, plus the JavaScript transferred before any interaction and the gzip size of the
// prerendered HTML. Prints a Markdown table. Needs a build (`npm run build`).
//   node bench/lighthouse/run.mjs [runs] [--pages /en,/de,/en/privacy-policy,/en/sign-in]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { assertRunning, machineLine, root, startServer, table } from "../lib.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pages: { type: "string", default: "/en,/de,/en/privacy-policy,/en/sign-in" } },
});
const runs = Number(positionals[0] ?? 3);
const pages = values.pages.split(",").map((p) => p.trim());
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

// Rate limits as in production; pages are not limited.
const server = await startServer({ env: { RATE_LIMIT: "on", LOG_LEVEL: "warn" } });
const baseUrl = server.url;

/** One Lighthouse run; a run whose trace recording failed (it happens on a busy machine) is repeated. */
function lighthouse(url, attempt = 1) {
  try {
    return lighthouseOnce(url);
  } catch (error) {
    if (attempt >= 3) throw error;
    return lighthouse(url, attempt + 1);
  }
}

function lighthouseOnce(url) {
  const out = execFileSync(
    "npx",
    [
      "--yes",
      "lighthouse@12.8.2",
      url,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--chrome-flags=${CHROME_FLAGS}`,
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] },
  );
  const lhr = JSON.parse(out.toString());
  const score = (c) => Math.round(lhr.categories[c].score * 100);
  const requests = lhr.audits["network-requests"].details.items;
  const js = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + r.transferSize, 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    jsKb: js / 1024,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
try {
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(lighthouse(`${baseUrl}${page}`));
    assertRunning(server);
    const m = (key) => median(results.map((r) => r[key]));
    const html = readFileSync(path.join(root, "build/client", page.slice(1), "index.html"));
    rows.push([
      page,
      m("performance"),
      m("accessibility"),
      m("bestPractices"),
      m("seo"),
      m("cls").toFixed(3),
      `${Math.round(m("lcp"))} ms`,
      `${Math.round(m("tbt"))} ms`,
      `${m("jsKb").toFixed(1)} KB`,
      `${(gzipSync(html, { level: 9 }).length / 1024).toFixed(1)} KB`,
      results.map((r) => r.performance).join(", "),
      results.map((r) => Math.round(r.tbt)).join(", "),
    ]);
  }
} finally {
  await server.stop();
}

console.log(`\n${machineLine()}`);
console.log(`Lighthouse 12.8.2, mobile preset, median of ${runs} runs, ${chrome}\n`);
console.log(
  table(
    [
      "Page",
      "Performance",
      "Accessibility",
      "Best practices",
      "SEO",
      "CLS",
      "LCP",
      "TBT",
      "JS transferred",
      "HTML (gzip)",
      "Performance, each run",
      "TBT ms, each run",
    ],
    rows,
  ),
);

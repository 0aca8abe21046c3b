// Lighthouse 12.8 (mobile preset, Debian Chromium): median of 3 runs per page and each run's score and
// blocking time, plus the JavaScript transferred before any interaction and the gzip size of the
// prerendered HTML. Prints a Markdown table. Needs a build (`npm run build`).
//   node bench/lighthouse/run.mjs [runs] [--pages /en,/de,/en/privacy-policy,/en/sign-in]
//                                 [--before OTHER_CHECKOUT/build/node/main.js] [--traces DIR]
// `--before` measures another build (a second checkout) too, alternately with this one. Each run
// takes every page on every build in turn, so pages and builds see the same load. `--traces`
// keeps each run's trace and report in DIR (bench/lighthouse/long-tasks.mjs names the long tasks).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { assertRunning, machineLine, root, startServer, table } from "../lib.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    pages: { type: "string", default: "/en,/de,/en/privacy-policy,/en/sign-in" },
    before: { type: "string" },
    traces: { type: "string" },
  },
});
const runs = Number(positionals[0] ?? 3);
const pages = values.pages.split(",").map((p) => p.trim());
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

/** One Lighthouse run; a run whose trace recording failed (it happens on a busy machine) is repeated. */
function lighthouse(url, saveAs, attempt = 1) {
  try {
    return lighthouseOnce(url, saveAs);
  } catch (error) {
    if (attempt >= 3) throw error;
    return lighthouse(url, saveAs, attempt + 1);
  }
}

function lighthouseOnce(url, saveAs) {
  // With --save-assets Lighthouse writes the trace beside the report: SAVEAS-0.trace.json.
  const output = saveAs ? [`--output-path=${saveAs}.json`, "--save-assets"] : ["--output-path=stdout"];
  const out = execFileSync(
    "npx",
    [
      "--yes",
      "lighthouse@12.8.2",
      url,
      "--output=json",
      ...output,
      "--quiet",
      `--chrome-flags=${CHROME_FLAGS}`,
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] },
  );
  const lhr = JSON.parse(saveAs ? readFileSync(`${saveAs}.json`, "utf8") : out.toString());
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
    load: loadavg()[0],
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
if (values.traces) mkdirSync(values.traces, { recursive: true });
// Rate limits as in production; pages are not limited.
const env = { RATE_LIMIT: "on", LOG_LEVEL: "warn" };
const builds = [{ label: "this build", script: "build/node/main.js", root }];
if (values.before) builds.push({ label: "before", script: path.resolve(values.before), root: path.resolve(values.before, "../../..") });
const rows = [];
try {
  for (const build of builds) build.server = await startServer({ env, script: build.script });
  // Run by run, every page on every build in turn, so that pages and builds see the same load.
  const results = pages.map(() => builds.map(() => []));
  for (let i = 0; i < runs; i++) {
    pages.forEach((page, p) => {
      builds.forEach((build, b) => {
        const saveAs = values.traces && path.join(values.traces, `${build.label.replace(/ /g, "-")}${page.replace(/\//g, "-")}-${i + 1}`);
        results[p][b].push(lighthouse(`${build.server.url}${page}`, saveAs));
      });
    });
  }
  for (const [p, page] of pages.entries()) {
    for (const [b, build] of builds.entries()) {
      assertRunning(build.server);
      rows.push(row(page, build, results[p][b]));
    }
  }
} finally {
  for (const build of builds) await build.server?.stop();
}

function row(page, build, results) {
  const m = (key) => median(results.map((r) => r[key]));
  const html = readFileSync(path.join(build.root, "build/client", page.slice(1), "index.html"));
  return [
    page,
    build.label,
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
    results.map((r) => r.load.toFixed(1)).join(", "),
  ];
}

console.log(`\n${machineLine()}`);
console.log(`Lighthouse 12.8.2, mobile preset, median of ${runs} runs, ${chrome}\n`);
console.log(
  table(
    [
      "Page",
      "Build",
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
      "Load average, each run",
    ],
    rows,
  ),
);

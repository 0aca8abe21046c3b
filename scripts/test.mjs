// `npm test`: lint, typecheck, build (when the sources are newer than the build), unit +
// integration tests (Vitest), end-to-end tests (Playwright in Chromium), the slowest tests, then one
// summary line over all of them.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsCurrent } from "./build-state.mjs";

const reports = mkdtempSync(path.join(tmpdir(), "crm-test-reports-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
const failedTests = [];
/** The start of a failure's message, so the run's last lines say why a test failed, not only which. */
const reason = (message = "") =>
  message
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are removed from the message
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() && !line.trim().startsWith("at "))
    .slice(0, 12)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join("\n");
/** Every test's duration, for the list of the slowest (bench/README.md keeps it). */
const durations = [];

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(
    `◀ ${name}: ${result.status === 0 ? "ok" : `failed (exit ${result.status})`} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (result.status !== 0) failedStages.push(name);
  return result.status === 0;
}

const npx = (name, args, env) => run(name, "npx", args, env);

npx("lint and format", ["biome", "ci", "."]);
npx("typecheck", ["react-router", "typegen"]) && npx("typecheck", ["tsc"]);
let built = buildIsCurrent();
if (built) console.log("\n▶ build: current, not built again");
else built = run("build", "npm", ["run", "build"]);

const vitestReport = path.join(reports, "vitest.json");
npx("unit and integration tests", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults)
    for (const t of file.assertionResults) {
      const name = `${path.relative(process.cwd(), file.name)} › ${t.fullName}`;
      if (t.status === "failed") failedTests.push(`${name}\n${reason(t.failureMessages?.[0])}`);
      if (t.duration) durations.push({ name, ms: t.duration });
    }
}

/** Playwright's JSON report nests suites by file and describe block; a spec failed when a test of it did. */
function collectSpecs(suites = [], describes = null) {
  for (const suite of suites) {
    // The top suites are the files; below them are the describe blocks, named in the test's name.
    const titles = describes ? [...describes, suite.title] : [];
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const name = `${spec.file} › [${t.projectName}] ${[...titles, spec.title].join(" › ")}`;
        if (!spec.ok && t.status === "unexpected") failedTests.push(`${name}\n${reason(t.results.at(-1)?.error?.message)}`);
        const ms = t.results.reduce((sum, r) => sum + (r.duration ?? 0), 0);
        if (ms) durations.push({ name, ms });
      }
    collectSpecs(suite.suites, titles);
  }
}

if (built && run("browser", "node", ["scripts/ensure-browser.mjs"])) {
  const pwReport = path.join(reports, "playwright.json");
  npx("end-to-end tests", ["playwright", "test"], { PW_JSON_REPORT: pwReport });
  if (existsSync(pwReport)) {
    const report = JSON.parse(readFileSync(pwReport, "utf8"));
    const s = report.stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    collectSpecs(report.suites);
  }
}

const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 20);
if (slowest.length)
  console.log(`\nSlowest tests:\n${slowest.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`).join("\n")}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✘ ${t}`).join("\n")}`);
if (failedStages.length) console.log(`\nFailed stages: ${failedStages.join(", ")}`);
// Stages that fail without counting a test (lint, build) still count as one failure each.
const stageOnlyFailures = failedStages.filter((s) => !["unit and integration tests", "end-to-end tests"].includes(s)).length;
console.log(`\nTests: ${totals.passed} passed, ${totals.failed + stageOnlyFailures} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);

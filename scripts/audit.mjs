// `npm run audit`: the production dependencies' known vulnerabilities at high or critical
// severity, from the registry's advisory database (`npm audit --omit=dev --audit-level=high`).
// Exit 0: none found. Exit 1: some found (listed). Exit 2: no answer from the advisory service,
// so nothing is known either way; that is said plainly and never reported as a pass.
import { spawnSync } from "node:child_process";

const LEVELS = ["info", "low", "moderate", "high", "critical"];
const THRESHOLD = LEVELS.indexOf("high");

const run = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? run.stderr.trim().split("\n").at(-1) ?? `exit ${run.status}`;
  console.error("npm audit: the registry's advisory service gave no answer, so no audit result exists.");
  console.error(`  Reason: ${reason}`);
  console.error("  Run `npm run audit` where the registry's audit endpoint is reachable (see docs/decisions/120-dependency-audit.md).");
  process.exit(2);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => LEVELS.indexOf(v.severity) >= THRESHOLD);
const summary = LEVELS.map((level) => `${counts[level] ?? 0} ${level}`).join(", ");
console.log(`npm audit (production dependencies): ${summary}.`);
for (const v of serious) {
  const via = v.via.map((x) => (typeof x === "string" ? x : x.title)).join("; ");
  console.log(`  ${v.severity.padEnd(8)} ${v.name} ${v.range}: ${via}${v.fixAvailable ? " (fix available)" : ""}`);
}
process.exit(serious.length > 0 ? 1 : 0);

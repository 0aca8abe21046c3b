// `npm run bench`: builds, then runs the benchmarks one after another (never in parallel: they
// share the machine) and prints their tables, also written to bench/results/<time>.md.
//
//   npm run bench                        all parts, full durations (about 25 minutes)
//   npm run bench -- static contact      only these parts
//   npm run bench -- --quick             all parts, short durations (a check, not figures)
//
// Parts: platform, static, contact, mail, api, tracing, sign-in, operator-search, vacuum, lighthouse, memory.
// Options: --seconds N (throughput per row; default 20, sign-in 10 per level), --minutes N (memory;
// default 10 or BENCH_MEMORY_MINUTES), --sample-seconds N (memory, default 30), --runs N
// (Lighthouse, default 3), --pages /en,/de (Lighthouse), --no-build.
// PostgreSQL rows need BENCH_DATABASE_URL (an admin URL; scratch databases are created and
// dropped); TEST_DATABASE_URL is used when it is not set. operator-search measures PostgreSQL only
// and is skipped without either.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const PARTS = ["platform", "static", "contact", "mail", "api", "tracing", "sign-in", "operator-search", "vacuum", "lighthouse", "memory"];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: "boolean", default: false },
    seconds: { type: "string" },
    minutes: { type: "string" },
    "sample-seconds": { type: "string" },
    runs: { type: "string" },
    pages: { type: "string", default: "/en,/de,/en/privacy-policy,/en/sign-in" },
    "no-build": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(
    `npm run bench -- [${PARTS.join("|")} ...] [--quick] [--seconds N] [--minutes N] [--sample-seconds N] [--runs N] [--pages list] [--no-build]`,
  );
  process.exit(0);
}
const unknown = positionals.filter((p) => !PARTS.includes(p));
if (unknown.length) {
  console.error(`Unknown part: ${unknown.join(", ")}. Parts: ${PARTS.join(", ")}`);
  process.exit(2);
}
let parts = positionals.length ? PARTS.filter((p) => positionals.includes(p)) : PARTS;

const quick = values.quick;
const seconds = values.seconds ?? (quick ? "5" : undefined);
const minutes = values.minutes ?? process.env.BENCH_MEMORY_MINUTES ?? (quick ? "1" : "10");
const sampleSeconds = values["sample-seconds"] ?? (quick ? "10" : "30");
const runs = values.runs ?? (quick ? "1" : "3");
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const COMMANDS = {
  platform: ["node", ["bench/platform.mjs", "--skip-install"]],
  static: ["node", ["bench/static/run.mjs", "--duration", seconds ?? "10"]],
  contact: ["node", ["bench/contact/run.mjs", "--duration", seconds ?? "20"]],
  mail: ["node", ["bench/mail/run.mjs", "--requests", quick ? "500" : "3000"]],
  api: ["node", ["bench/api/run.mjs", "--duration", seconds ?? "20"]],
  tracing: ["node", ["bench/tracing/run.mjs", "--duration", seconds ?? "10"]],
  "sign-in": ["node", ["--import", "tsx", "bench/sign-in/run.ts", seconds ?? "10"]],
  "operator-search": ["node", ["--import", "tsx", "bench/operator-search/run.ts", ...(quick ? ["--runs", "20", "--warm-up", "2"] : [])]],
  vacuum: ["node", ["--import", "tsx", "bench/vacuum/run.ts", ...(quick ? ["--users", "2000", "--contacts", "5000"] : [])]],
  lighthouse: ["node", ["bench/lighthouse/run.mjs", runs, "--pages", values.pages]],
  memory: ["node", ["bench/memory/run.mjs", "--minutes", minutes, "--sample-seconds", sampleSeconds]],
};

// Set-up output goes to stderr, so stdout carries only the tables.
function runSync(command, args) {
  const r = spawnSync(command, args, { cwd: root, stdio: ["ignore", 2, 2] });
  if (r.status !== 0) {
    console.error(`\`${command} ${args.join(" ")}\` failed`);
    process.exit(1);
  }
}

if (!existsSync(path.join(root, "bench/node_modules/autocannon"))) runSync("npm", ["--prefix", "bench", "ci", "--no-audit", "--no-fund"]);
// The parts measure build/, so it is made from the current sources (platform times its own build).
// operator-search and vacuum call the domain functions from the sources and need no build.
if (!values["no-build"] && !parts.every((p) => p === "platform" || p === "operator-search" || p === "vacuum"))
  runSync("npm", ["run", "build", "--silent"]);
if (!adminUrl && parts.some((p) => p === "contact" || p === "mail" || p === "sign-in")) {
  console.error("BENCH_DATABASE_URL is not set: contact, mail and sign-in run on PGlite only");
}
if (!adminUrl && parts.includes("operator-search")) {
  console.error("BENCH_DATABASE_URL is not set: operator-search (PostgreSQL only) is skipped");
  parts = parts.filter((p) => p !== "operator-search");
}

// Ctrl-C does not reach a part in its own process group: pass it on, then stop.
let current;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    if (current?.exitCode === null) process.kill(-current.pid, "SIGTERM");
    process.exit(130);
  });
}

// Far above each part's normal duration; a part still running then is stopped with its servers.
const LIMIT_MINUTES = {
  platform: 10,
  static: 10,
  contact: 15,
  mail: 15,
  api: 10,
  tracing: 10,
  "sign-in": 20,
  "operator-search": 15,
  vacuum: 10,
  lighthouse: 40,
  memory: Number(minutes) + 10,
};

/** Runs one part, echoing its output; resolves with its stdout (the tables) and exit code. */
function runPart(part) {
  const [command, args] = COMMANDS[part];
  console.error(`\n▶ ${part}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so a part that hangs can be ended together with the servers it started.
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...(adminUrl ? { BENCH_DATABASE_URL: adminUrl } : {}) },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    current = child;
    const watchdog = setTimeout(() => {
      console.error(`${part} still running after ${LIMIT_MINUTES[part]} min; stopping it`);
      process.kill(-child.pid, "SIGKILL");
    }, LIMIT_MINUTES[part] * 60_000);
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(watchdog);
      const took = Math.round((Date.now() - started) / 1000);
      const status = code ?? signal;
      console.error(`◀ ${part}: ${code === 0 ? "done" : `failed (${status})`} in ${took} s`);
      resolve({ part, command: `${command} ${args.join(" ")}`, code: status, out: out.trim(), took });
    });
  });
}

const results = [];
for (const part of parts) results.push(await runPart(part));

const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
const now = new Date();
const report = [
  `# Benchmarks ${now.toISOString()}`,
  "",
  `Commit ${commit || "?"}; \`npm run bench -- ${process.argv.slice(2).join(" ")}\``.replace(/ -- `$/, "`"),
  "",
  ...results.flatMap((r) => [
    `## ${r.part}`,
    "",
    `\`${r.command}\`, ${r.took} s${r.code === 0 ? "" : `, FAILED (exit ${r.code})`}`,
    "",
    r.out || "(no output)",
    "",
  ]),
].join("\n");
const dir = path.join(root, "bench/results");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${now.toISOString().replace(/[:.]/g, "-")}.md`);
writeFileSync(file, report);
console.error(`\nResults written to ${path.relative(root, file)}`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);

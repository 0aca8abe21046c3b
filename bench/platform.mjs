// Platform figures: install and build times, cold start, memory after start, and the JavaScript
// and HTML that /en transfers. Prints a Markdown table. Run: node bench/platform.mjs [--skip-install]
import { execSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const rows = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function timed(command, cwd) {
  const started = performance.now();
  execSync(command, { cwd, stdio: "ignore" });
  return performance.now() - started;
}

if (!process.argv.includes("--skip-install")) {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-ci-"));
  cpSync(path.join(root, "package.json"), path.join(dir, "package.json"));
  cpSync(path.join(root, "package-lock.json"), path.join(dir, "package-lock.json"));
  cpSync(path.join(root, ".npmrc"), path.join(dir, ".npmrc"));
  rows.push([
    "`npm ci` (warm npm cache)",
    seconds(timed("npm ci --no-audit --no-fund", dir)),
    "cd $(mktemp -d) && cp package*.json .npmrc . && npm ci",
  ]);
  rmSync(dir, { recursive: true, force: true });
}

rows.push(["Build (`npm run build`)", seconds(timed("npm run build", root)), "npm run build"]);

async function startAndMeasure(dataDir) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const started = performance.now();
  const child = spawn(process.execPath, ["build/node/main.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "", REDIS_URL: "" },
    stdio: "ignore",
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/en`)).status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 2000));
  const rss = Number(execSync(`ps -o rss= -p ${child.pid}`).toString().trim()) / 1024;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  return { ms, rss };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "crm-bench-data-"));
const first = await startAndMeasure(dataDir);
const warm = await startAndMeasure(dataDir);
rmSync(dataDir, { recursive: true, force: true });
rows.push([
  "Cold start to first 200 of /en, new embedded database (creates it)",
  seconds(first.ms),
  "node build/node/main.js, empty DATA_DIR",
]);
rows.push(["Start to first 200 of /en, existing embedded database", seconds(warm.ms), "node build/node/main.js, same DATA_DIR"]);
rows.push(["Server memory (RSS) 2 s after start, embedded database", `${warm.rss.toFixed(0)} MB`, "ps -o rss= -p PID"]);

// The JavaScript /en loads before interaction.
const html = readFileSync(path.join(root, "build/client/en/index.html"), "utf8");
// Every script the page's loader imports or preloads (lazy chunks are named only inside JavaScript).
const scripts = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
let js = 0;
for (const src of scripts) js += gzipSync(readFileSync(path.join(root, "build/client", src)), { level: 9 }).length;
rows.push([`JavaScript of /en before interaction (${scripts.size} files, gzip -9)`, `${(js / 1024).toFixed(1)} KB`, "bench/platform.mjs"]);
rows.push([
  "Prerendered HTML of /en (gzip -9)",
  `${(gzipSync(Buffer.from(html), { level: 9 }).length / 1024).toFixed(1)} KB`,
  "bench/platform.mjs",
]);

console.log("| measure | result | how |\n|---|---|---|");
for (const [name, value, how] of rows) console.log(`| ${name} | ${value} | \`${how}\` |`);

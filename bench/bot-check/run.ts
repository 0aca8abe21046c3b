/**
 * The proof of work's two costs at each difficulty (BOT_PROTECTION_DIFFICULTY, the largest secret
 * counter): the time a visitor's browser takes to solve a challenge in headless Chromium, from the
 * widget starting to its solution (challenge fetched, workers started, key found; median of 20 on
 * the password-reset page, which solves at once), next to the server's cost to issue a challenge
 * and to verify one solution (median of 200, in this process, with the server's own code).
 *
 *   npm run build && npx tsx bench/bot-check/run.ts [--difficulties 10000,50000,100000,200000] [--runs 20]
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { botCheck } from "../../server/bot-protection/challenges.js";
import { replayStore } from "../../server/bot-protection/replay-store.js";
import { freePort } from "../../tests/support/server.js";

const args = parseArgs({
  options: { difficulties: { type: "string", default: "10000,50000,100000,200000" }, runs: { type: "string", default: "20" } },
});
const DIFFICULTIES = args.values.difficulties.split(",").map(Number);
const RUNS = Number(args.values.runs);
const SERVER_SAMPLES = 200;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 0);

/** Issue and verify cost in this process; neither depends on the difficulty (deterministic mode). */
async function serverCosts(difficulty: number) {
  const check = botCheck({
    enabled: true,
    difficulty,
    cost: 1,
    secret: "bench-secret-bench-secret-bench-secret",
    replays: replayStore(undefined),
  });
  const issue: number[] = [];
  const verify: number[] = [];
  for (let i = 0; i < SERVER_SAMPLES; i++) {
    let t = performance.now();
    const challenge: Challenge = await check.issue();
    issue.push(performance.now() - t);
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    t = performance.now();
    await check.verify(payload);
    verify.push(performance.now() - t);
  }
  return { issue: median(issue), verify: median(verify) };
}

/** The production build with bot protection on at `difficulty`, on a fresh embedded database. */
async function startServer(difficulty: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-bench-pow-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/node/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      RATE_LIMIT: "off",
      BOT_PROTECTION: "on",
      BOT_PROTECTION_DIFFICULTY: String(difficulty),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (let i = 0; !exited; i++) {
    if ((await fetch(`${url}/healthz`).catch(() => null))?.ok) break;
    if (i > 1200) throw new Error("the server did not start within 2 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  if (exited) throw new Error("the server ended before it answered");
  return {
    url,
    running: () => !exited,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (exited ? r(null) : child.once("exit", r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Wall time of the widget in Chromium from "verifying" to "verified", once per page load. */
async function browserSolves(difficulty: number) {
  const server = await startServer(difficulty);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage();
    // The widget's events do not bubble; a capturing listener sees them before anything else.
    await page.addInitScript(() => {
      const w = window as unknown as { solveTimes: number[]; started?: number };
      w.solveTimes = [];
      document.addEventListener(
        "statechange",
        (event) => {
          const state = (event as CustomEvent<{ state: string }>).detail?.state;
          if (state === "verifying") w.started = performance.now();
          if (state === "verified" && w.started !== undefined) w.solveTimes.push(performance.now() - w.started);
        },
        true,
      );
    });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${server.url}/en/forgot-password`);
      await page.waitForFunction(() => (window as unknown as { solveTimes: number[] }).solveTimes.length > 0, null, { timeout: 60_000 });
      times.push(await page.evaluate(() => (window as unknown as { solveTimes: number[] }).solveTimes[0] as number));
    }
    if (!server.running()) throw new Error("the server ended during the measurement");
    return { median: median(times), max: Math.max(...times) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const rows: string[] = [];
for (const difficulty of DIFFICULTIES) {
  const browser = await browserSolves(difficulty);
  const server = await serverCosts(difficulty);
  rows.push(
    `| ${difficulty.toLocaleString("en")} | ${ms(browser.median)} | ${ms(browser.max)} | ${ms(server.issue)} | ${ms(server.verify)} |`,
  );
  console.error(`difficulty ${difficulty}: browser median ${ms(browser.median)} ms`);
}

console.log(`### Proof of work (ALTCHA, SHA-256, deterministic mode)

${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, load average ${loadavg()[0]?.toFixed(2)} at the end (a shared machine: other work ran beside it).
Browser: headless Chromium, the widget on /en/forgot-password, ${RUNS} page loads per row; server: ${SERVER_SAMPLES} samples in one process.

| difficulty (largest counter) | browser solve, median ms | browser solve, slowest ms | server issue, median ms | server verify, median ms |
| ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}`);

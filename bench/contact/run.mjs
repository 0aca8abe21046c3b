// Throughput and latency of POST /api/send-contact next to GET /healthz, on the embedded database
// (PGlite) and on PostgreSQL: autocannon, 20 s at 50 connections per run, rate limits off, mails
// delivered by the outbox worker to a local SMTP sink during the run (as in production).
// Run from the repository root after `npm run build`:
//   npm --prefix bench/contact ci && node bench/contact/run.mjs [--duration 20] [--connections 50]
// PostgreSQL runs when BENCH_DATABASE_URL (an admin URL; a scratch database is created) is set.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { SMTPServer } from "smtp-server";

const root = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({ options: { duration: { type: "string", default: "20" }, connections: { type: "string", default: "50" } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// An SMTP server that accepts and discards every message.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData: (s, _session, cb) => s.on("end", () => cb()).resume(),
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

async function withServer(databaseUrl, fn) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-bench-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["build/node/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      REDIS_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RATE_LIMIT: "off",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (i > 600) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await fn(url);
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function load(url, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const contactBody = JSON.stringify({ name: "Bench Mark", email: "bench@example.com", company: "Load & Co" });
const rows = [];

async function measure(label, databaseUrl) {
  await withServer(databaseUrl, async (url) => {
    for (const [endpoint, opts] of [
      ["GET /healthz", { url: `${url}/healthz` }],
      [
        "POST /api/send-contact",
        { url: `${url}/api/send-contact`, method: "POST", headers: { "content-type": "application/json" }, body: contactBody },
      ],
    ]) {
      const r = await load(opts.url, opts);
      // autocannon counts a request unanswered after 10 s as a timeout, included in `errors`.
      rows.push({
        label,
        endpoint,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        ok: r["2xx"],
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      });
      console.error(
        `${label} ${endpoint}: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
  });
}

await measure("PGlite", undefined);
if (process.env.BENCH_DATABASE_URL) {
  const name = `crm_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(process.env.BENCH_DATABASE_URL);
  dbUrl.pathname = `/${name}`;
  try {
    await measure("PostgreSQL", dbUrl.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
smtp.close();

console.log(`\n${duration} s at ${connections} connections, load average before the run ${loadavg()[0].toFixed(1)}\n`);
console.log("| database | endpoint | req/s (mean) | p50 ms | p99 ms | 2xx | non-2xx | errors (of which timeouts) | POST/healthz |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const health = rows.find((h) => h.label === r.label && h.endpoint === "GET /healthz");
  const ratio = r.endpoint.startsWith("POST") && health ? `${((r.rps / health.rps) * 100).toFixed(0)} %` : "";
  console.log(
    `| ${r.label} | ${r.endpoint} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.non2xx} | ${r.errors} (${r.timeouts}) | ${ratio} |`,
  );
}

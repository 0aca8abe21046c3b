// Throughput and latency of POST /api/send-contact next to GET /healthz, on the embedded database
// (PGlite) and on PostgreSQL: autocannon, 20 s at 50 connections per run, rate limits off, mails
// delivered by the outbox worker to a local SMTP sink during the run (as in production). The server
// runs on one CPU and the load generator on another when `taskset` is there (`pinning` in lib.mjs).
// On PostgreSQL it also measures the bare reference server (reference-server.mjs): the limit of
// writing each request in a statement of its own (the product writes a burst's requests together).
// Run from the repository root after `npm run build` and `npm --prefix bench ci`:
//   node bench/contact/run.mjs [--duration 20] [--connections 50]
// PostgreSQL runs when BENCH_DATABASE_URL (an admin URL; a scratch database is created) is set.
import { parseArgs } from "node:util";
import { assertRunning, load, machineLine, pinning, scratchDatabase, smtpSink, startServer, table } from "../lib.mjs";

const { values } = parseArgs({ options: { duration: { type: "string", default: "20" }, connections: { type: "string", default: "50" } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

const smtp = await smtpSink();

const pinned = pinning();
const contactBody = JSON.stringify({ name: "Bench Mark", email: "bench@example.com", company: "Load & Co" });
const rows = [];

async function measure(label, databaseUrl, script) {
  const server = await startServer({ databaseUrl, env: { SMTP_URL: smtp.url }, cpu: pinned.server, script });
  try {
    for (const [endpoint, opts] of [
      ["GET /healthz", { url: `${server.url}/healthz` }],
      [
        "POST /api/send-contact",
        { url: `${server.url}/api/send-contact`, method: "POST", headers: { "content-type": "application/json" }, body: contactBody },
      ],
    ]) {
      const r = await load({ connections, duration, ...opts });
      assertRunning(server);
      rows.push({ label, endpoint, ...r });
      console.error(`${label} ${endpoint}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
    }
  } finally {
    await server.stop();
  }
}

try {
  await measure("PGlite", undefined);
  if (process.env.BENCH_DATABASE_URL) {
    const database = await scratchDatabase(process.env.BENCH_DATABASE_URL);
    try {
      await measure("PostgreSQL", database.url);
      // The same insert from a bare server, on the database the product has just migrated and filled.
      await measure("PostgreSQL, bare reference", database.url, "bench/contact/reference-server.mjs");
    } finally {
      await database.drop();
    }
  } else {
    console.error("BENCH_DATABASE_URL is not set: PostgreSQL skipped");
  }
} finally {
  smtp.close();
}

console.log(`\n${machineLine()}`);
console.log(`autocannon, ${duration} s at ${connections} connections per row, rate limits off, ${pinned.line}\n`);
console.log(
  table(
    ["database", "endpoint", "req/s (mean)", "p50 ms", "p99 ms", "2xx", "non-2xx", "errors (of which timeouts)", "POST/product's healthz"],
    rows.map((r) => {
      // Both servers' inserts are divided by the product's health check on the same database.
      const product = r.label.replace(", bare reference", "");
      const health = rows.find((h) => h.label === product && h.endpoint === "GET /healthz");
      const ratio = r.endpoint.startsWith("POST") && health ? `${((r.rps / health.rps) * 100).toFixed(0)} %` : "";
      return [r.label, r.endpoint, Math.round(r.rps), r.p50, r.p99, r.ok, r.non2xx, `${r.errors} (${r.timeouts})`, ratio];
    }),
  ),
);

// Mail delivery after a burst: a burst of contact requests fills the outbox (two mails each), then
// the time until the local SMTP sink has every mail, the rate after the burst, the server's CPU
// during that drain (from /proc, as a share of one core), the sink's (this process) and how many mails arrived more than once
// (by Message-ID). Pinned as run.mjs is. Run from the repository root after `npm run build`:
//   node bench/mail/run.mjs [--requests 3000] [--rounds 1] [SCRIPT ...]
// SCRIPT defaults to build/node/main.js; give two builds (e.g. build/node-before/main.js
// build/node/main.js) to measure them alternately, round by round. PostgreSQL rows run when
// BENCH_DATABASE_URL (an admin URL; a scratch database per run) is set.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";
import { assertRunning, machineLine, pinning, scratchDatabase, startServer, table } from "../lib.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: "string", default: "3000" }, rounds: { type: "string", default: "1" } },
});
const requests = Number(values.requests);
const scripts = positionals.length ? positionals : ["build/node/main.js"];
const pinned = pinning();
const body = JSON.stringify({ name: "Bench Mark", email: "bench@example.com", company: "Load & Co" });

/** An SMTP sink that counts each Message-ID it accepts. */
async function countingSink() {
  const seen = new Map();
  let total = 0;
  let waiters = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 1 << 20,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk) => {
        if (head.length < 4096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `none-${total}`;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        total++;
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${smtp.server.address().port}`,
    get total() {
      return total;
    },
    get duplicates() {
      let d = 0;
      for (const n of seen.values()) d += n - 1;
      return d;
    },
    reset() {
      seen.clear();
      total = 0;
    },
    /** Resolves once `n` mails arrived, or rejects after `ms`. */
    until(n, ms) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${total} of ${n} mails within ${ms} ms`)), ms);
        const check = () => {
          if (total >= n) {
            clearTimeout(timer);
            waiters = waiters.filter((w) => w !== check);
            resolve();
          }
        };
        waiters.push(check);
        check();
      });
    },
    close: () => smtp.close(),
  };
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function burst(url, count, concurrency = 50) {
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const res = await fetch(`${url}/api/send-contact`, { method: "POST", headers: { "content-type": "application/json" }, body });
        await res.arrayBuffer();
        if (res.status !== 201) refused++;
      }
    }),
  );
  return count - refused;
}

const sink = await countingSink();
const rows = [];

async function measure(script, database, databaseUrl, round) {
  sink.reset();
  const server = await startServer({ databaseUrl, env: { SMTP_URL: sink.url }, cpu: pinned.server, script });
  try {
    const started = performance.now();
    const accepted = await burst(server.url, requests);
    const burstEnd = performance.now();
    const atBurstEnd = sink.total;
    const cpuAtBurstEnd = cpuSeconds(server.pid);
    const sinkAtBurstEnd = process.cpuUsage();
    await sink.until(accepted * 2, 600_000);
    const done = performance.now();
    const cpu = cpuSeconds(server.pid) - cpuAtBurstEnd;
    const sinkUsage = process.cpuUsage(sinkAtBurstEnd);
    const sinkCpu = (sinkUsage.user + sinkUsage.system) / 1e6;
    // Mails a duplicate would add arrive late: wait a moment before counting them.
    await new Promise((r) => setTimeout(r, 2_000));
    assertRunning(server);
    const drainSeconds = (done - burstEnd) / 1000;
    const row = {
      round,
      script,
      database,
      mails: accepted * 2,
      burstSeconds: (burstEnd - started) / 1000,
      duringBurst: atBurstEnd,
      drainSeconds,
      rate: (accepted * 2 - atBurstEnd) / drainSeconds,
      cpuShare: cpu / drainSeconds,
      sinkShare: sinkCpu / drainSeconds,
      duplicates: sink.duplicates,
    };
    rows.push(row);
    console.error(
      `${round} ${script} ${database}: ${row.mails} mails, ${atBurstEnd} during the ${row.burstSeconds.toFixed(1)} s burst, the rest in ${drainSeconds.toFixed(1)} s: ${Math.round(row.rate)} mails/s, server ${(row.cpuShare * 100).toFixed(0)} % of a core, sink ${(row.sinkShare * 100).toFixed(0)} %, ${row.duplicates} duplicates`,
    );
  } finally {
    await server.stop();
  }
}

try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const script of scripts) {
      await measure(script, "PGlite", undefined, round);
      if (process.env.BENCH_DATABASE_URL) {
        const database = await scratchDatabase(process.env.BENCH_DATABASE_URL);
        try {
          await measure(script, "PostgreSQL", database.url, round);
        } finally {
          await database.drop();
        }
      }
    }
  }
} finally {
  sink.close();
}

console.log(`\n${machineLine()}`);
console.log(`${requests} contact requests at 50 connections, then the outbox drained to a local SMTP sink; ${pinned.line}\n`);
console.log(
  table(
    [
      "round",
      "build",
      "database",
      "mails",
      "delivered during the burst",
      "drain s",
      "mails/s after the burst",
      "server CPU (of a core)",
      "sink CPU (of a core)",
      "duplicates",
    ],
    rows.map((r) => [
      r.round,
      r.script,
      r.database,
      r.mails,
      r.duringBurst,
      r.drainSeconds.toFixed(1),
      Math.round(r.rate),
      `${(r.cpuShare * 100).toFixed(0)} %`,
      `${(r.sinkShare * 100).toFixed(0)} %`,
      r.duplicates,
    ]),
  ),
);

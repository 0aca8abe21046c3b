// Two (or more) builds of the server side by side: `POST /api/send-contact` as a share of the same
// build's `GET /healthz`, on PGlite and on PostgreSQL, the builds alternating round by round so a
// slower minute of the machine does not fall on one build only. Pinned as run.mjs is.
// Build each variant, copy its `build/node` aside (e.g. to `build/node-before`; `npm run build`
// empties `build/`), then from the repository root:
//   node bench/contact/compare.mjs build/node-before/main.js build/node/main.js [--rounds 2] [--duration 10]
// When the variants' migrations differ, give each a folder of its own, since a new embedded database
// starts from the template of the project folder the build sits in: a copy of package.json, links to
// node_modules, locales and build/client, and the variant's build/node; pass its build/node/main.js.
// PostgreSQL runs when BENCH_DATABASE_URL (an admin URL; a scratch database per run) is set.
import { parseArgs } from "node:util";
import { load, machineLine, pinning, scratchDatabase, smtpSink, startServer, table } from "../lib.mjs";

const { values, positionals: scripts } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "2" }, duration: { type: "string", default: "10" } },
});
const duration = Number(values.duration);
const connections = 50;

const smtp = await smtpSink();
const pinned = pinning();
const body = JSON.stringify({ name: "Bench Mark", email: "bench@example.com", company: "Load & Co" });
const rows = [];

async function measure(script, database, databaseUrl, round) {
  const server = await startServer({ databaseUrl, env: { SMTP_URL: smtp.url }, cpu: pinned.server, script });
  try {
    const health = await load({ connections, duration, url: `${server.url}/healthz` });
    const contact = await load({
      connections,
      duration,
      url: `${server.url}/api/send-contact`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    rows.push([
      round,
      script,
      database,
      Math.round(health.rps),
      Math.round(contact.rps),
      contact.p99,
      contact.non2xx,
      (contact.rps / health.rps).toFixed(2),
    ]);
    console.error(rows.at(-1).join("  "));
  } finally {
    await server.stop();
  }
}

try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const script of scripts) {
      await measure(script, "PGlite", undefined, round);
      if (!process.env.BENCH_DATABASE_URL) continue;
      const database = await scratchDatabase(process.env.BENCH_DATABASE_URL);
      try {
        await measure(script, "PostgreSQL", database.url, round);
      } finally {
        await database.drop();
      }
    }
  }
} finally {
  smtp.close();
}

console.log(`\n${machineLine()}`);
console.log(`autocannon, ${duration} s at ${connections} connections per figure, rate limits off, ${pinned.line}\n`);
console.log(table(["round", "build", "database", "healthz req/s", "contact req/s", "contact p99 ms", "non-2xx", "contact/healthz"], rows));

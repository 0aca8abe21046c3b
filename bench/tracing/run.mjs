// What traces cost (decision 015): GET /en (a page answered from memory) and
// GET /api/invitations/:id (an API route that reads the database; an unknown id, so 404) with
// OTEL_EXPORTER_OTLP_ENDPOINT unset, then set to a local OTLP receiver that takes every batch and
// discards it. PGlite, rate limits off, autocannon at 50 connections; the rounds alternate off and on
// so a change of the machine's load falls on both alike. With `--before PATH/main.js`, a build made
// before tracing existed runs in each round too, so "off" is compared with no tracing code at all
// (build the older commit, copy its build/node aside, e.g. to build/node-before, as
// bench/contact/compare.mjs describes).
// Run from the repository root after `npm run build` and `npm --prefix bench ci`:
//   node bench/tracing/run.mjs [--duration 10] [--rounds 2] [--connections 50] [--before build/node-before/main.js]
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { assertRunning, load, machineLine, pinning, startServer, table } from "../lib.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    before: { type: "string" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

/** An OTLP/HTTP receiver that answers every export with success and keeps only the span count. */
async function otlpSink() {
  let spans = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
      for (const r of body.resourceSpans ?? []) for (const s of r.scopeSpans ?? []) spans += s.spans?.length ?? 0;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, spans: () => spans, close: () => server.close() };
}

/** "before": the older build; "off" and "on": this build without and with a collector. */
const variants = values.before ? ["before", "off", "on"] : ["off", "on"];
const sink = await otlpSink();
const pinned = pinning();
const results = [];
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const tracing of variants) {
      const env = tracing === "on" ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_BSP_MAX_QUEUE_SIZE: "8192" } : {};
      const server = await startServer({ env, cpu: pinned.server, ...(tracing === "before" ? { script: values.before } : {}) });
      try {
        for (const [endpoint, path] of [
          ["GET /en", "/en"],
          ["GET /api/invitations/:id", "/api/invitations/no-such-invitation"],
        ]) {
          const r = await load({ url: `${server.url}${path}`, connections, duration });
          assertRunning(server);
          results.push({ tracing, endpoint, ...r });
          console.error(`round ${round}, tracing ${tracing}, ${endpoint}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  sink.close();
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rows = [];
for (const endpoint of ["GET /en", "GET /api/invitations/:id"]) {
  const of = (tracing) => results.filter((r) => r.endpoint === endpoint && r.tracing === tracing);
  const reference = mean(of(variants[0]).map((r) => r.rps));
  for (const tracing of variants) {
    const runs = of(tracing);
    const rps = mean(runs.map((r) => r.rps));
    rows.push([
      endpoint,
      tracing,
      Math.round(rps),
      mean(runs.map((r) => r.p50)).toFixed(1),
      mean(runs.map((r) => r.p99)).toFixed(1),
      runs.reduce((a, r) => a + r.errors, 0),
      tracing === variants[0] ? "" : `${(((rps - reference) / reference) * 100).toFixed(0)} %`,
    ]);
  }
}
console.log(`\n${machineLine()}`);
console.log(
  `autocannon, ${duration} s at ${connections} connections per row, ${values.rounds} rounds alternating ${variants.join(", ")}, PGlite, rate limits off, ${pinned.line}; ${sink.spans()} spans received\n`,
);
console.log(table(["endpoint", "tracing", "req/s (mean)", "p50 ms", "p99 ms", "errors", `req/s vs ${variants[0]}`], rows));

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import type { Logger } from "pino";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DB } from "../db/database.js";
import type { PoolUse } from "../db/query-hooks.js";
import type { Metrics } from "./metrics.js";

/**
 * The metrics in Prometheus' text format on `port` (never the public listener), loaded only when
 * `METRICS_PORT` is set. Process metrics (memory, event-loop lag, CPU) come from prom-client's
 * defaults; the outbox's depth and age are read from the database when scraped.
 */
export async function prometheusMetrics(opts: {
  port: number;
  host: string;
  db: DB;
  poolUse: () => PoolUse;
  logger: Logger;
}): Promise<Metrics> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status class.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const mailSends = new Counter({
    name: "mail_sends_total",
    help: "Mails handed to the relay by the outbox, by outcome.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused by a rate limit (answered 429), by route pattern.",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const signIns = new Counter({
    name: "auth_sign_ins_total",
    help: "Sign-in attempts by first factor and outcome (success, second_factor, failure).",
    labelNames: ["method", "outcome"] as const,
    registers: [registry],
  });
  const secondFactors = new Counter({
    name: "auth_second_factor_challenges_total",
    help: "Second steps of sign-ins: asked for (issued), answered right (passed) or wrong (failed).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const signUps = new Counter({
    name: "auth_sign_ups_total",
    help: "Accounts created, by how.",
    labelNames: ["method"] as const,
    registers: [registry],
  });
  const bans = new Counter({ name: "auth_bans_total", help: "Accounts banned by an operator.", registers: [registry] });
  const botRefusals = new Counter({
    name: "bot_check_refusals_total",
    help: "Proofs of work refused: invalid (missing, wrong, expired, replayed) or unavailable (replay store unreachable).",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  // Series with a known set of labels are shown from the start, at 0.
  for (const outcome of ["issued", "passed", "failed"]) secondFactors.inc({ outcome }, 0);
  for (const reason of ["invalid", "unavailable"]) botRefusals.inc({ reason }, 0);
  const redisErrors = new Counter({ name: "redis_errors_total", help: "Redis commands that failed.", registers: [registry] });
  const jobLag = new Histogram({
    name: "job_lag_seconds",
    help: "Time from a background job being due to its claim by the runner, by kind.",
    labelNames: ["kind"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 15, 60, 300],
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: "db_query_duration_seconds",
    help: "Time a database statement took, waiting for a connection not included.",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Database connections of the pool, in use or idle.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const use = opts.poolUse();
      this.set({ state: "used" }, use.used);
      this.set({ state: "idle" }, use.idle);
    },
  });
  new Gauge({
    name: "db_pool_waiting_clients",
    help: "Callers waiting for a database connection.",
    registers: [registry],
    collect() {
      this.set(opts.poolUse().waiting);
    },
  });
  // Both outbox gauges from one query per scrape: prom-client collects them at the same time, so each
  // awaits the same reading (the age once read the value of the scrape before).
  let reading: Promise<{ unsent: number; oldest: number }> | undefined;
  const readOutbox = () =>
    (reading ??= sql<{ unsent: number; oldest: number | null }>`
      select (select count(*)::int from mail_outbox where sent_at is null) as unsent,
             extract(epoch from now() - (select created_at from mail_outbox where sent_at is null order by id limit 1))::float8 as oldest`
      .execute(opts.db)
      .then(({ rows }) => ({ unsent: rows[0]?.unsent ?? 0, oldest: rows[0]?.oldest ?? 0 }))
      .finally(() => {
        reading = undefined;
      }));
  new Gauge({
    name: "mail_outbox_unsent",
    help: "Mails in the outbox not sent yet (given-up ones included).",
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).unsent);
    },
  });
  new Gauge({
    name: "mail_outbox_oldest_unsent_age_seconds",
    help: "Age of the oldest mail not sent yet; 0 when none waits.",
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).oldest);
    },
  });

  const server = createServer(async (req, res) => {
    if (req.url !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { "content-type": registry.contentType }).end(body);
    } catch (error) {
      opts.logger.warn({ err: error }, "metrics: could not collect");
      res.writeHead(500, { "content-type": "text/plain" }).end("metrics unavailable\n");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  opts.logger.info({ port: (server.address() as AddressInfo).port }, "metrics listening");

  return {
    instrument(listener, routeOf) {
      return (req, res) => {
        const started = process.hrtime.bigint();
        res.once("finish", () => {
          const method = req.method ?? "GET";
          const route = routeOf(method, (req.url ?? "/").split("?")[0] ?? "/");
          requests.inc({ route, method, status: `${Math.floor(res.statusCode / 100)}xx` });
          if (res.statusCode === 429) rateLimited.inc({ route });
          duration.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
        });
        listener(req, res);
      };
    },
    query: async (_text, run) => {
      const started = process.hrtime.bigint();
      try {
        return await run();
      } finally {
        queryDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
      }
    },
    mailSend: (outcome) => mailSends.inc({ outcome }),
    signIn: (method, outcome) => signIns.inc({ method, outcome }),
    secondFactor: (outcome) => secondFactors.inc({ outcome }),
    signUp: (method) => signUps.inc({ method }),
    ban: () => bans.inc(),
    botCheckRefusal: (reason) => botRefusals.inc({ reason }),
    redisError: () => redisErrors.inc(),
    jobLag: (kind, seconds) => jobLag.observe({ kind }, Math.max(0, seconds)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

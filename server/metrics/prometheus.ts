import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import type { Logger } from "pino";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DB } from "../db/database.js";
import type { Metrics } from "./metrics.js";

/**
 * The metrics in Prometheus' text format on `port` (never the public listener), loaded only when
 * `METRICS_PORT` is set. Process metrics (memory, event-loop lag, CPU) come from prom-client's
 * defaults; the outbox's depth and age are read from the database when scraped.
 */
export async function prometheusMetrics(opts: { port: number; host: string; db: DB; logger: Logger }): Promise<Metrics> {
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
  const outbox = { unsent: 0, oldest: 0 };
  const readOutbox = async () => {
    const { rows } = await sql<{ unsent: number; oldest: number | null }>`
      select (select count(*)::int from mail_outbox where sent_at is null) as unsent,
             extract(epoch from now() - (select created_at from mail_outbox where sent_at is null order by id limit 1))::float8 as oldest`.execute(
      opts.db,
    );
    outbox.unsent = rows[0]?.unsent ?? 0;
    outbox.oldest = rows[0]?.oldest ?? 0;
  };
  new Gauge({
    name: "mail_outbox_unsent",
    help: "Mails in the outbox not sent yet (given-up ones included).",
    registers: [registry],
    async collect() {
      await readOutbox();
      this.set(outbox.unsent);
    },
  });
  new Gauge({
    name: "mail_outbox_oldest_unsent_age_seconds",
    help: "Age of the oldest mail not sent yet; 0 when none waits.",
    registers: [registry],
    collect() {
      this.set(outbox.oldest);
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
          duration.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
        });
        listener(req, res);
      };
    },
    mailSend: (outcome) => mailSends.inc({ outcome }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

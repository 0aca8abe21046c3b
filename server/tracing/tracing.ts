import type { Logger } from "pino";
import type { QueryHook } from "../db/query-hooks.js";
import type { Listener } from "../metrics/metrics.js";

export interface Tracing {
  /** The public listener, each request a server span named by its route pattern (`GET /api/teams/:teamId`). */
  instrument(listener: Listener, routeOf: (method: string, path: string) => string): Listener;
  /** A database statement's span, recorded within a trace only (the job runner's polling stays out). */
  query: QueryHook;
  /** A Redis command's span, within a trace only. */
  redisCommand<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** A mail handed to the relay at `host`: its span, in a trace of its own when no request sends it. */
  smtpSend<T>(host: string, run: () => Promise<T>): Promise<T>;
  /** Puts the request id on the request's span and answers the trace id for the request's log lines. */
  tagRequest(requestId: string): string | undefined;
  /** Sends what is still buffered, then stops. */
  close(): Promise<void>;
}

/**
 * OpenTelemetry traces when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (decision 015), or undefined: then
 * no OpenTelemetry module is loaded and nothing is added to a request's or a query's path.
 */
export async function startTracing(opts: { endpoint?: string; logger: Logger }): Promise<Tracing | undefined> {
  if (!opts.endpoint) return undefined;
  const { openTelemetryTracing } = await import("./open-telemetry.js");
  return openTelemetryTracing({ endpoint: opts.endpoint, logger: opts.logger });
}

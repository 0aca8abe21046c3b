import type { IncomingMessage, ServerResponse } from "node:http";
import type { Hono } from "hono";
import type { Logger } from "pino";
import type { DB } from "../db/database.js";

/** A request listener as Node's HTTP server calls it. */
export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** What the rest of the server reports; each call is a counter's step, nothing more. */
export interface MetricEvents {
  /** A mail handed to the relay (`sent`) or not (`failed`). */
  mailSend(outcome: "sent" | "failed"): void;
}

export interface Metrics extends MetricEvents {
  /** The public listener, each request counted by route pattern, status class and duration. */
  instrument(listener: Listener, routeOf: (method: string, path: string) => string): Listener;
  close(): Promise<void>;
}

/** Reporting while metrics are off: nothing. */
export const NO_METRICS: MetricEvents = { mailSend() {} };

/**
 * Prometheus metrics on their own listener (`METRICS_PORT`, decision 014), or undefined when it is
 * not set: then no metrics library is loaded and the request path is the plain listener.
 */
export async function startMetrics(opts: { port?: number; host: string; db: DB; logger: Logger }): Promise<Metrics | undefined> {
  if (opts.port === undefined) return undefined;
  const { prometheusMetrics } = await import("./prometheus.js");
  return prometheusMetrics({ ...opts, port: opts.port });
}

/**
 * The route pattern a request is counted under: the app's route that answers it (e.g.
 * `/api/teams/:teamId/domains`), `/assets/*` for hashed assets, and `page` for everything else
 * (pages, redirects, unknown paths, the app's catch-all), so the number of series stays bounded whatever paths are asked for.
 */
// biome-ignore lint/suspicious/noExplicitAny: any app's routes are looked up the same way.
export function routeOfRequest(app: Hono<any>): (method: string, path: string) => string {
  return (method, path) => {
    if (path.startsWith("/assets/")) return "/assets/*";
    const [matches] = app.router.match(method, path);
    // The first route (not middleware) registered for the path is the one that answers it.
    for (const [[, route]] of matches) {
      if (route.method !== "ALL") return route.path === "/*" ? "page" : route.path;
    }
    return "page";
  };
}

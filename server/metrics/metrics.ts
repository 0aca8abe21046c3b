import type { IncomingMessage, ServerResponse } from "node:http";
import type { Hono } from "hono";
import type { Logger } from "pino";
import type { DB } from "../db/database.js";
import type { PoolUse, QueryHook } from "../db/query-hooks.js";

/** A request listener as Node's HTTP server calls it. */
export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** How a sign-in attempt ended: signed in, sent on to the second step, or refused. */
export type SignInOutcome = "success" | "second_factor" | "failure";

/** What the rest of the server reports; each call is a counter's step, nothing more. */
export interface MetricEvents {
  /** A mail handed to the relay (`sent`) or not (`failed`). */
  mailSend(outcome: "sent" | "failed"): void;
  /** A sign-in by its first factor (`password`, `google`, `passkey`, …). */
  signIn(method: string, outcome: SignInOutcome): void;
  /** A second step asked for after a first factor (`issued`), then answered right or wrong. */
  secondFactor(outcome: "issued" | "passed" | "failed"): void;
  /** An account created (`password`, `google`, `sso`, `other`). */
  signUp(method: string): void;
  /** An account banned by an operator. */
  ban(): void;
  /** A proof of work refused: missing, wrong, expired or replayed (`invalid`), or not checkable (`unavailable`). */
  botCheckRefusal(reason: "invalid" | "unavailable"): void;
  /** A Redis command that failed. */
  redisError(): void;
  /** A background job claimed `seconds` after it was due. */
  jobLag(kind: string, seconds: number): void;
}

export interface Metrics extends MetricEvents {
  /** The public listener, each request counted by route pattern, status class and duration. */
  instrument(listener: Listener, routeOf: (method: string, path: string) => string): Listener;
  /** Each database statement's duration. */
  query: QueryHook;
  close(): Promise<void>;
}

/** Reporting while metrics are off: nothing. */
export const NO_METRICS: MetricEvents = {
  mailSend() {},
  signIn() {},
  secondFactor() {},
  signUp() {},
  ban() {},
  botCheckRefusal() {},
  redisError() {},
  jobLag() {},
};

/**
 * Prometheus metrics on their own listener (`METRICS_PORT`, decision 014), or undefined when it is
 * not set: then no metrics library is loaded and the request path is the plain listener.
 */
export async function startMetrics(opts: {
  port?: number;
  host: string;
  db: DB;
  poolUse: () => PoolUse;
  logger: Logger;
}): Promise<Metrics | undefined> {
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

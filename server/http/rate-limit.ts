import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { AppError, type ErrorCode } from "../errors.js";
import type { KeyValueStore } from "../kv.js";
import type { AppEnv } from "./context.js";

/** Counts hits per key in a window; the Redis store shares counts between server instances. */
export type Counter = Pick<KeyValueStore, "increment" | "get">;

/** Counters held in this process, for a single instance without Redis. Expired keys are swept. */
export function memoryCounter(now = () => Date.now()): Counter {
  const counts = new Map<string, { n: number; expires: number }>();
  let nextSweep = 0;
  const live = (key: string, t: number) => {
    const entry = counts.get(key);
    return entry && entry.expires > t ? entry : undefined;
  };
  return {
    async increment(key, ttlSeconds) {
      const t = now();
      if (t >= nextSweep) {
        for (const [k, v] of counts) if (v.expires <= t) counts.delete(k);
        nextSweep = t + 60_000;
      }
      const entry = live(key, t);
      if (entry) return ++entry.n;
      counts.set(key, { n: 1, expires: t + ttlSeconds * 1000 });
      return 1;
    },
    async get(key) {
      const entry = live(key, now());
      return entry ? String(entry.n) : null;
    },
  };
}

export interface WindowRule {
  /** Hits allowed in any span of `windowSeconds`. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one hit for `key` and says whether it stays within `rule` over the last `windowSeconds`
 * (docs/decisions/043). The span is estimated from two fixed windows, the previous one weighted by
 * the part of it still inside the span: a burst across a window boundary is refused like one
 * inside a window, with two counters a key instead of a log of every hit. Refused hits count too.
 */
export async function hitWithin(
  counter: Counter,
  key: string,
  rule: WindowRule,
  t: number,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const windowMs = rule.windowSeconds * 1000;
  const window = Math.floor(t / windowMs);
  const [current, previousText] = await Promise.all([
    // Kept for two windows: in the next one it is the previous window's count.
    counter.increment(`${key}:${window}`, 2 * rule.windowSeconds),
    counter.get(`${key}:${window - 1}`),
  ]);
  const previous = Number(previousText ?? 0);
  // In whole milliseconds, so a hit exactly at the limit is not refused by a rounding error.
  const elapsedMs = t - window * windowMs;
  if (previous * (windowMs - elapsedMs) + current * windowMs <= rule.limit * windowMs) return { allowed: true };
  return { allowed: false, retryAfterSeconds: secondsUntilAdmitted(rule.limit, previous, current, elapsedMs, windowMs) };
}

/**
 * When the next hit would be allowed, `previous * (windowMs - elapsed) + (current + 1) * windowMs <=
 * limit * windowMs`: later in this window, or in the next, where this window's count is the previous one.
 */
function secondsUntilAdmitted(limit: number, previous: number, current: number, elapsedMs: number, windowMs: number): number {
  const waitMs =
    current + 1 <= limit
      ? Math.max(0, windowMs - Math.floor(((limit - current - 1) * windowMs) / previous) - elapsedMs)
      : windowMs - elapsedMs + Math.max(0, windowMs - Math.floor(((limit - 1) * windowMs) / current));
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * `hitWithin` on the shared store when there is one; if it fails, on this process's own counters
 * (per-instance limits), after `warn`: a broken cache must not take a form down with it.
 */
export function windowHits(opts: { kv?: KeyValueStore; now?: () => number }) {
  const local = memoryCounter(opts.now);
  const counter: Counter = opts.kv ?? local;
  return async (key: string, rule: WindowRule, t: number, warn: (error: unknown) => void) => {
    try {
      return await hitWithin(counter, key, rule, t);
    } catch (error) {
      warn(error);
      return hitWithin(local, key, rule, t);
    }
  };
}

export interface RateLimitOptions extends WindowRule {
  /** Separates the counters of different limits. */
  name: string;
  /** RATE_LIMIT=off turns every limit into a no-op. */
  enabled: boolean;
  /** Shared storage (Redis) when configured; otherwise counters live in this process. */
  kv?: KeyValueStore;
  /** The refusal (status 429); its message may name the wait as `{{seconds}}`. */
  code: ErrorCode;
  /** What is counted: the client address unless given (the sign-in counts an account at an address). */
  subject?: (c: Context<AppEnv>) => Promise<string>;
  now?: () => number;
}

/**
 * A limit per client address (`c.get("clientIp")`) or per another subject over the last
 * `windowSeconds`, answering 429 JSON with Retry-After. If Redis fails, counting falls back to this
 * process (per-instance limits): a broken cache must not take the form down with it, and the
 * failure is logged.
 */
export function rateLimit(opts: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const now = opts.now ?? (() => Date.now());
  const hit = windowHits(opts);
  return async (c, next) => {
    if (!opts.enabled) return next();
    const t = now();
    // The address is hashed so the shared store holds no personal data.
    const client = createHash("sha256")
      .update(opts.subject ? await opts.subject(c) : (c.get("clientIp") ?? "unknown"))
      .digest("base64url")
      .slice(0, 22);
    const result = await hit(`rl:${opts.name}:${client}`, opts, t, (error) =>
      c.var.log.warn({ err: error, limit: opts.name }, "rate limit store unavailable; counting in this instance"),
    );
    if (!result.allowed) {
      const retryAfter = result.retryAfterSeconds;
      throw new AppError(opts.code, { params: { seconds: retryAfter }, headers: { "Retry-After": String(retryAfter) } });
    }
    return next();
  };
}

import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { AppError, type ErrorCode } from "../errors.js";
import type { KeyValueStore } from "../kv.js";
import type { AppEnv } from "./context.js";

/** Counts hits per key in a window; the Redis store shares counts between server instances. */
export interface Counter {
  increment(key: string, ttlSeconds: number): Promise<number>;
}

/** Counters held in this process, for a single instance without Redis. Expired keys are swept. */
export function memoryCounter(now = () => Date.now()): Counter {
  const counts = new Map<string, { n: number; expires: number }>();
  let nextSweep = 0;
  return {
    async increment(key, ttlSeconds) {
      const t = now();
      if (t >= nextSweep) {
        for (const [k, v] of counts) if (v.expires <= t) counts.delete(k);
        nextSweep = t + 60_000;
      }
      const entry = counts.get(key);
      if (entry && entry.expires > t) return ++entry.n;
      counts.set(key, { n: 1, expires: t + ttlSeconds * 1000 });
      return 1;
    },
  };
}

export interface RateLimitOptions {
  /** Separates the counters of different limits. */
  name: string;
  /** Requests allowed per client address in one window. */
  limit: number;
  windowSeconds: number;
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
 * A fixed-window limit per client address (`c.get("clientIp")`) or per another subject, answering 429 JSON with
 * Retry-After. If Redis fails, counting falls back to this process (per-instance limits): a
 * broken cache must not take the form down with it, and the failure is logged.
 */
export function rateLimit(opts: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const local = memoryCounter(opts.now);
  const counter: Counter = opts.kv ?? local;
  const now = opts.now ?? (() => Date.now());
  return async (c, next) => {
    if (!opts.enabled) return next();
    const windowMs = opts.windowSeconds * 1000;
    const t = now();
    const window = Math.floor(t / windowMs);
    // The address is hashed so the shared store holds no personal data.
    const client = createHash("sha256")
      .update(opts.subject ? await opts.subject(c) : (c.get("clientIp") ?? "unknown"))
      .digest("base64url")
      .slice(0, 22);
    let count: number;
    try {
      count = await counter.increment(`rl:${opts.name}:${client}:${window}`, opts.windowSeconds);
    } catch (error) {
      c.var.log.warn({ err: error, limit: opts.name }, "rate limit store unavailable; counting in this instance");
      count = await local.increment(`rl:${opts.name}:${client}:${window}`, opts.windowSeconds);
    }
    if (count > opts.limit) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * windowMs - t) / 1000));
      throw new AppError(opts.code, { params: { seconds: retryAfter }, headers: { "Retry-After": String(retryAfter) } });
    }
    return next();
  };
}

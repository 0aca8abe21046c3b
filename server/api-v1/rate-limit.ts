import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.js";
import { type Counter, memoryCounter } from "../http/rate-limit.js";
import type { KeyValueStore } from "../kv.js";
import type { ApiEnv } from "./authenticate.js";

const WINDOW_SECONDS = 60;
const POLICY = "minute";

/**
 * `limit` requests a minute per key, or per app's access for one user, in fixed windows; counted in
 * Redis when configured, so every instance shares the count. Answers carry the IETF draft's
 * `RateLimit-Policy` and `RateLimit` headers; a refusal is 429 with `Retry-After`. If Redis fails,
 * this instance counts alone (and logs it), as the site's own limits do.
 */
export function apiRateLimit(opts: { limit: number; enabled: boolean; kv?: KeyValueStore; now?: () => number }): MiddlewareHandler<ApiEnv> {
  const local: Counter = memoryCounter(opts.now);
  const counter: Counter = opts.kv ?? local;
  const now = opts.now ?? (() => Date.now());
  return async (c, next) => {
    if (!opts.enabled) return next();
    const t = now();
    const windowMs = WINDOW_SECONDS * 1000;
    const window = Math.floor(t / windowMs);
    const reset = Math.max(1, Math.ceil(((window + 1) * windowMs - t) / 1000));
    // Hashed, so the shared store holds no key ids or user ids.
    const subject = createHash("sha256").update(c.var.principal.subject).digest("base64url").slice(0, 22);
    const key = `rl:api:${subject}:${window}`;
    let count: number;
    try {
      count = await counter.increment(key, WINDOW_SECONDS);
    } catch (error) {
      c.var.log.warn({ err: error, limit: "api" }, "rate limit store unavailable; counting in this instance");
      count = await local.increment(key, WINDOW_SECONDS);
    }
    c.header("RateLimit-Policy", `"${POLICY}";q=${opts.limit};w=${WINDOW_SECONDS}`);
    c.header("RateLimit", `"${POLICY}";r=${Math.max(0, opts.limit - count)};t=${reset}`);
    if (count > opts.limit)
      throw new AppError("apiTooManyRequests", { params: { seconds: reset }, headers: { "Retry-After": String(reset) } });
    await next();
  };
}

import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.js";
import { requestText } from "./body.js";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** Whether a parsed JSON value holds a NUL character in a key or a string. */
export function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));
  return false;
}

/**
 * Refuses a request with a NUL character in its URL or in its JSON body with a 400. PostgreSQL
 * text cannot hold NUL, so such a value would otherwise reach a query and fail there as a 500,
 * in our routes and in Better Auth's alike; no field of the product ever needs one.
 */
export function refuseNulCharacters(opts: { exempt?: (path: string) => boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (opts.exempt?.(c.req.path)) return next();
    if (/%00/.test(c.req.url)) throw new AppError("invalidCharacters");
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      // Read once: the route (or Better Auth) gets the same bytes.
      const text = await requestText(c);
      // JSON can carry a NUL only as the escape \u0000 (or as a raw byte, which makes it invalid):
      // most bodies have neither and need no second parse.
      if (!text.includes("\\u0000") && !text.includes("\u0000")) return next();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Malformed JSON is the route's to answer.
      }
      if (hasNul(parsed)) throw new AppError("invalidCharacters");
    }
    return next();
  };
}

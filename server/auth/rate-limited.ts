import type { Context } from "hono";
import { ERRORS } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { messageOf } from "../http/errors.js";

/**
 * Better Auth's limiter answers 429 in English with its own retry header; the product answers
 * `{ message, code }` in the request's language with a standard Retry-After.
 */
export function translateRateLimit(c: Context<AppEnv>, res: Response): Response {
  // Only the limiter's answers carry its header; our own 429s (text message limits) are already translated.
  if (res.status !== 429 || !res.headers.has("x-retry-after")) return res;
  const retryAfter = res.headers.get("x-retry-after") ?? "60";
  return c.json({ code: ERRORS.tooManyRequests.code, message: messageOf(c, "tooManyRequests") }, 429, { "Retry-After": retryAfter });
}

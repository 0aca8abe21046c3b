import { isDatabaseUnavailable } from "./db/errors.js";
import { SharedStateUnavailableError } from "./kv.js";

/**
 * True when an error, or one it was caused by, means the database or Redis cannot be reached right
 * now: answered 503 with a retry hint. The identity library wraps what it meets in its own error.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof SharedStateUnavailableError) return true;
  }
  return false;
}

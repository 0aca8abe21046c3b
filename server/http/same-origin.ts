import type { Context, MiddlewareHandler } from "hono";
import { apiError } from "./errors.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin a browser names for a request: Origin, else the Referer's origin; "null" stays "null". */
function requestOrigin(c: Context): string | undefined {
  const origin = c.req.header("origin");
  if (origin) return origin;
  const referer = c.req.header("referer");
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/**
 * Refuses state-changing requests sent by a page of another site (CSRF), with the rule Better
 * Auth applies to /api/auth/*: a named origin must be a trusted one, and a request carrying
 * cookies must name one. A request without cookies and without an origin carries no ambient
 * credentials (a bearer-token client, a script) and passes.
 */
export function sameOrigin(opts: { trustedOrigins: string[]; exempt?: (path: string) => boolean }): MiddlewareHandler {
  const trusted = new Set(opts.trustedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || opts.exempt?.(c.req.path)) return next();
    const origin = requestOrigin(c);
    const refused = origin === undefined ? c.req.header("cookie") !== undefined : !trusted.has(origin);
    if (refused) throw apiError(c, 403, "crossSite");
    return next();
  };
}

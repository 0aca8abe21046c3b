import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../errors.js";

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
 * True for a state-changing request sent by a page of another site (CSRF), by the rule Better
 * Auth applies to /api/auth/*: a named origin must be a trusted one, and a request carrying
 * cookies must name one. A request without cookies and without an origin carries no ambient
 * credentials (a bearer-token client, a script) and is not cross-site.
 */
export function isCrossSite(c: Context, trusted: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(c.req.method)) return false;
  const origin = requestOrigin(c);
  return origin === undefined ? c.req.header("cookie") !== undefined : !trusted.has(origin);
}

/** The origins of `urls`, for `isCrossSite`. */
export const originsOf = (urls: string[]): ReadonlySet<string> => new Set(urls.map((o) => new URL(o).origin));

/**
 * Refuses cross-site requests with a 403. The local provider's form pages answer with their older
 * `forbidden` message; the API says `crossSite`.
 */
export function sameOrigin(opts: {
  trustedOrigins: string[];
  exempt?: (path: string) => boolean;
  refusal?: "crossSite" | "forbidden";
}): MiddlewareHandler {
  const trusted = originsOf(opts.trustedOrigins);
  return async (c, next) => {
    if (opts.exempt?.(c.req.path)) return next();
    if (isCrossSite(c, trusted)) throw new AppError(opts.refusal ?? "crossSite");
    return next();
  };
}

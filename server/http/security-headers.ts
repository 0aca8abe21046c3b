import type { MiddlewareHandler } from "hono";

export interface CspOptions {
  /** Origins allowed for analytics, only when a measurement id is configured. */
  analytics: boolean;
}

/** The page policy: our own scripts plus the page's hashed inline scripts, nothing else. */
export function pageCsp(scriptHashes: string[], opts: CspOptions): string {
  const scriptSrc = ["'self'", ...scriptHashes];
  const connectSrc = ["'self'"];
  const imgSrc = ["'self'", "data:"];
  if (opts.analytics) {
    scriptSrc.push("https://www.googletagmanager.com");
    connectSrc.push("https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com");
    imgSrc.push("https://*.google-analytics.com", "https://*.googletagmanager.com");
  }
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    // Style attributes are set by animation code; style elements still come from our own files.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc.join(" ")}`,
    "font-src 'self'",
    `connect-src ${connectSrc.join(" ")}`,
    // The proof-of-work widget solves in a worker loaded from the site's own files (docs/decisions/129).
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Responses that are not pages (API, files) may not run or embed anything. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every response carries (pages replace the CSP with their own), as one frozen set. */
export function securityHeaderSet(opts: { https: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    ...(opts.https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  });
}

/** Responses built with every header already in place (pages and files); see `securityHeaders`. */
const complete = new WeakSet<Response>();
export function markComplete(response: Response) {
  complete.add(response);
}

/** Adds the security headers to every response that does not carry them from the start. */
export function securityHeaders(opts: { https: boolean }): MiddlewareHandler {
  const set = Object.entries(securityHeaderSet(opts));
  return async (c, next) => {
    await next();
    // Reading a prebuilt response's headers would turn its plain header set into a Headers object.
    if (complete.has(c.res)) return;
    const h = c.res.headers;
    if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", RESOURCE_CSP);
    for (const [name, value] of set) h.set(name, value);
  };
}

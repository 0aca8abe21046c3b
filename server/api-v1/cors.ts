import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context.js";

const ALLOWED_HEADERS = "Authorization, Accept-Language, If-None-Match";
const EXPOSED_HEADERS = "ETag, RateLimit, RateLimit-Policy, Retry-After, WWW-Authenticate";

/**
 * CORS for /api/v1: exactly the origins `chrome-extension://{id}` of EXTENSION_IDS, without
 * credentials (the API takes bearer credentials only) and never a wildcard. Any other origin gets
 * no CORS headers, so its browser keeps the answer from the page. A preflight is answered here, before
 * the credential is asked for (browsers send none with it).
 */
export function extensionCors(extensionIds: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(extensionIds.map((id) => `chrome-extension://${id}`));
  return async (c, next) => {
    const origin = c.req.header("origin");
    const allow = origin !== undefined && allowed.has(origin);
    if (c.req.method === "OPTIONS") {
      const headers = new Headers({ Vary: "Origin" });
      if (allow) {
        headers.set("Access-Control-Allow-Origin", origin);
        headers.set("Access-Control-Allow-Methods", "GET, HEAD");
        headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
        headers.set("Access-Control-Max-Age", "600");
      }
      return new Response(null, { status: 204, headers });
    }
    c.header("Vary", "Origin");
    if (allow) {
      c.header("Access-Control-Allow-Origin", origin);
      c.header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
    await next();
  };
}

import type { MiddlewareHandler } from "hono";
import { SIGNED_IN_COOKIE } from "../../core/signed-in-hint.js";

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=([^;]*)(.*)$/i;

/**
 * Keeps the signed-in hint (core/signed-in-hint.ts) in step with the session cookie: whenever a
 * response sets the session cookie, the hint is set with the same lifetime; when it clears it, the
 * hint is cleared too. Sign-in, sign-up, Google, renewal, sign-out and a refused stale cookie all
 * pass through here, whichever route answers.
 */
export function signedInHint({ secure }: { secure: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const session = c.res.headers
      .getSetCookie()
      .map((header) => SESSION_COOKIE.exec(header))
      .findLast((match) => match !== null);
    if (!session) return;
    const [, value = "", attributes = ""] = session;
    const maxAge = /;\s*max-age=(-?\d+)/i.exec(attributes)?.[1];
    const expires = /;\s*expires=([^;]*)/i.exec(attributes)?.[1];
    const cleared = value === "" || (maxAge !== undefined && Number(maxAge) <= 0);
    // Without Max-Age or Expires the session cookie lasts as long as the browser: so does the hint.
    const lifetime = cleared ? "; Max-Age=0" : maxAge !== undefined ? `; Max-Age=${maxAge}` : expires ? `; Expires=${expires}` : "";
    c.res.headers.append(
      "Set-Cookie",
      `${SIGNED_IN_COOKIE}=${cleared ? "" : "1"}; Path=/${lifetime}; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  };
}

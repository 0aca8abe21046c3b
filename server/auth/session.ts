import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { AppError } from "../errors.js";
import { isCrossSite, originsOf } from "../http/same-origin.js";
import { AUTH_BASE_PATH, authPathNeedsSession } from "../identity-paths.js";
import type { Auth } from "./auth.js";

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** The context of a route that requires a session: the signed-in session is there. */
export type SessionEnv = { Variables: { session: SessionData } };

/** How a route refuses a visitor without a session. */
type SessionRefusal = "unauthorized" | "authenticateToCheckout";

const SESSION_REQUIRED = Symbol("session required");

/** The signed-in session of a request (cookie or bearer token), or null. */
export async function getSession(auth: Auth, c: Context): Promise<SessionData | null> {
  return auth.api.getSession({ headers: c.req.raw.headers });
}

/**
 * Marks a route as needing a signed-in session, read by its handler as `c.var.session`. The check
 * itself runs in `sessionFirst`, before anything reads the body; this one only stands in when a
 * route is served without it.
 */
export function requireSession(auth: Auth, refusal: SessionRefusal = "unauthorized") {
  const guard: MiddlewareHandler<SessionEnv> = async (c, next) => {
    if (!c.get("session")) {
      const session = await getSession(auth, c);
      if (!session) throw new AppError(refusal);
      c.set("session", session);
    }
    await next();
  };
  return Object.assign(guard, { [SESSION_REQUIRED]: refusal });
}

/** The refusal of the matched route that requires a session, if it does. */
function routeRefusal(c: Context): SessionRefusal | undefined {
  for (const { handler } of matchedRoutes(c)) {
    const refusal = (handler as { [SESSION_REQUIRED]?: SessionRefusal })[SESSION_REQUIRED];
    if (refusal) return refusal;
  }
  return undefined;
}

/** The methods our server hands to Better Auth; any other is answered 404 before it. */
const AUTH_METHODS = new Set(["GET", "HEAD", "POST"]);

/** The refusal of an identity route that needs a session, if it does. */
function identityRefusal(c: Context): SessionRefusal | undefined {
  const needed = AUTH_METHODS.has(c.req.method) && authPathNeedsSession(c.req.path.slice(AUTH_BASE_PATH.length));
  return needed ? "unauthorized" : undefined;
}

/**
 * A visitor without a session gets 401 from a route that needs one whatever the body, because this
 * runs before the body limit, the NUL check and any parsing: on our routes marked with
 * `requireSession`, and on every identity route but the public ones (`PUBLIC_AUTH_PATHS`), where
 * Better Auth would otherwise check the body first. A cross-site request is left to the origin
 * check, which refuses it with 403 as before: ours, or for an identity route carrying cookies,
 * Better Auth's own.
 */
export function sessionFirst(opts: {
  auth: Auth;
  trustedOrigins: string[];
}): MiddlewareHandler<{ Variables: Partial<SessionEnv["Variables"]> }> {
  const trusted = originsOf(opts.trustedOrigins);
  return async (c, next) => {
    const identity = c.req.path.startsWith(`${AUTH_BASE_PATH}/`);
    const refusal = identity ? identityRefusal(c) : routeRefusal(c);
    if (!refusal) return next();
    const crossSite = isCrossSite(c, trusted) && (!identity || c.req.header("cookie") !== undefined);
    if (crossSite) return next();
    if (identity) {
      // Better Auth renews the session's cookie when its own route reads the session; this look-up leaves that to it.
      const session = await opts.auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
      if (!session) throw new AppError(refusal);
      c.set("session", session);
      return next();
    }
    const session = await getSession(opts.auth, c);
    if (!session) throw new AppError(refusal);
    c.set("session", session);
    return next();
  };
}

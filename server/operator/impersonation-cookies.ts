import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import type { Auth } from "../auth/auth.js";

/**
 * The cookies of an impersonation, written the way the identity library signs its own (HMAC with
 * the auth secret), so it reads them as its own: the session cookie holds the impersonation
 * session, the "don't remember" cookie keeps the library from extending that session past its
 * hour, and our own cookie keeps the operator's session to return to.
 */
const OPERATOR_COOKIE = "operator_session";

async function cookies(auth: Auth) {
  const context = await auth.$context;
  const { sessionToken, dontRememberToken } = context.authCookies;
  const operator = context.createAuthCookie(OPERATOR_COOKIE);
  const options = (attributes: Record<string, unknown>) => attributes as CookieOptions;
  const { maxAge: sessionMaxAge, ...forBrowserSession } = sessionToken.attributes;
  return {
    secret: context.secret,
    session: {
      name: sessionToken.name,
      browser: options(forBrowserSession),
      remembered: options({ ...forBrowserSession, maxAge: sessionMaxAge }),
    },
    dontRemember: { name: dontRememberToken.name, attributes: options(dontRememberToken.attributes) },
    operator: { name: operator.name, attributes: options(operator.attributes) },
  };
}

/** Switches the browser to the impersonation session, keeping the operator's own session aside. */
export async function enterImpersonation(c: Context, auth: Auth, operatorToken: string, impersonationToken: string) {
  const jar = await cookies(auth);
  const remembered = (await getSignedCookie(c, jar.secret, jar.dontRemember.name)) ? "" : "1";
  await setSignedCookie(c, jar.operator.name, `${operatorToken}:${remembered}`, jar.secret, jar.operator.attributes);
  await setSignedCookie(c, jar.session.name, impersonationToken, jar.secret, jar.session.browser);
  await setSignedCookie(c, jar.dontRemember.name, "true", jar.secret, jar.dontRemember.attributes);
}

/** The operator's session token kept by `enterImpersonation`, if the cookie is there and genuine. */
export async function keptOperatorSession(c: Context, auth: Auth): Promise<{ token: string; remembered: boolean } | null> {
  const jar = await cookies(auth);
  const kept = await getSignedCookie(c, jar.secret, jar.operator.name);
  if (!kept) return null;
  const [token = "", remembered] = kept.split(":");
  return token ? { token, remembered: remembered === "1" } : null;
}

/** Back to the operator's own session, or signed out when there is none to return to. */
export async function leaveImpersonation(c: Context, auth: Auth, operator: { token: string; remembered: boolean } | null) {
  const jar = await cookies(auth);
  deleteCookie(c, jar.operator.name, jar.operator.attributes);
  if (!operator) {
    deleteCookie(c, jar.session.name, jar.session.browser);
    deleteCookie(c, jar.dontRemember.name, jar.dontRemember.attributes);
    return;
  }
  await setSignedCookie(
    c,
    jar.session.name,
    operator.token,
    jar.secret,
    operator.remembered ? jar.session.remembered : jar.session.browser,
  );
  if (operator.remembered) deleteCookie(c, jar.dontRemember.name, jar.dontRemember.attributes);
}

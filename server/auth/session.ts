import type { Context } from "hono";
import type { AppEnv } from "../http/context.js";
import { apiError } from "../http/errors.js";
import type { Auth } from "./auth.js";

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** The signed-in session of a request (cookie or bearer token), or null. */
export async function getSession(auth: Auth, c: Context): Promise<SessionData | null> {
  return auth.api.getSession({ headers: c.req.raw.headers });
}

/** The session, or a 401 `{ message }` in the request's language. */
export async function requireSession(auth: Auth, c: Context<AppEnv>, messageKey = "unauthorized"): Promise<SessionData> {
  const session = await getSession(auth, c);
  if (!session) throw apiError(c, 401, messageKey);
  return session;
}

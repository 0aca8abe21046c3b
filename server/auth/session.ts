import type { Context } from "hono";
import { AppError } from "../errors.js";
import type { Auth } from "./auth.js";

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** The signed-in session of a request (cookie or bearer token), or null. */
export async function getSession(auth: Auth, c: Context): Promise<SessionData | null> {
  return auth.api.getSession({ headers: c.req.raw.headers });
}

/** The session, or a 401 refusal. */
export async function requireSession(auth: Auth, c: Context): Promise<SessionData> {
  const session = await getSession(auth, c);
  if (!session) throw new AppError("unauthorized");
  return session;
}

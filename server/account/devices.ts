import Bowser from "bowser";
import type { Device } from "../../core/api.js";
import type { Auth } from "../auth/auth.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { endSessionsAndGrants } from "./end-access.js";

interface DeviceDeps {
  auth: Auth;
  db: DB;
}

/** Browser and operating system of a session's user agent, or null where it says nothing we know. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ? [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ") : null;
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ") : null;
  return { browser, os };
}

/**
 * Every unexpired session of the user, the current one first, then by last activity. Only the
 * session id leaves the server, never its token. Last activity is when Better Auth last renewed
 * the session (at most a day apart while it is in use) or created it.
 */
export async function listDevices(db: DB, userId: string, currentSessionId: string): Promise<Device[]> {
  const rows = await db
    .selectFrom("session")
    .select(["id", "userAgent", "ipAddress", "createdAt", "updatedAt"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", new Date())
    .orderBy("updatedAt", "desc")
    .execute();
  const devices = rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress || null,
    lastActiveAt: new Date(row.updatedAt ?? row.createdAt).toISOString(),
    current: row.id === currentSessionId,
  }));
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}

/**
 * Signs one of the user's devices out: its session ends in the database and in the shared session
 * store. Another user's session, or one that does not exist, is answered as not found.
 */
export async function signOutDevice({ auth, db }: DeviceDeps, userId: string, sessionId: string): Promise<void> {
  const row = await db.selectFrom("session").select("token").where("id", "=", sessionId).where("userId", "=", userId).executeTakeFirst();
  if (!row) throw new AppError("notFound");
  const context = await auth.$context;
  await context.internalAdapter.deleteSession(row.token);
}

/** Signs every device of the user out but the current one, apps included (docs/decisions/090); answers how many devices were signed out. */
export async function signOutOtherDevices(deps: DeviceDeps, userId: string, currentSessionId: string): Promise<number> {
  return endSessionsAndGrants(deps, userId, { session: currentSessionId });
}

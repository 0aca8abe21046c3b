import type { DB } from "../db/database.js";

/** The identity library's session store: sessions kept in Redis end with their database rows. */
interface SessionStore {
  deleteUserSessions(userId: string): Promise<unknown>;
  deleteSessions(tokens: string[]): Promise<unknown>;
}

export interface EndAccessDeps {
  db: DB;
  /** The identity library (its context holds the session store). */
  auth: { $context: Promise<{ internalAdapter: SessionStore }> };
}

/** What stays when a user's sessions end; without either, everything ends. */
export interface Spared {
  /** The session in use: signing out the other devices, or the new session of a password change. */
  session?: string;
  /**
   * Sessions made through this enterprise connection, and the apps' access granted in them:
   * enforcing the connection ends the other ways in only (docs/decisions/103).
   */
  ssoConnection?: string;
}

/**
 * Ends a user's sessions and every app's access to the account at once: what signing out of all
 * devices, a ban, a password change that signs the others out, deprovisioning by a team's directory
 * and enforcing a team's single sign-on share. Sessions end through the identity library, so those
 * kept in Redis end on every instance with their rows; the apps' refresh tokens are revoked, so no
 * new access token is issued (one already issued lives out its ten minutes, docs/decisions/090).
 * Answers how many sessions ended.
 */
export async function endSessionsAndGrants(deps: EndAccessDeps, userId: string, spared: Spared = {}): Promise<number> {
  const { db } = deps;
  const store = (await deps.auth.$context).internalAdapter;
  let sessions = db.selectFrom("session").select("token").where("userId", "=", userId);
  if (spared.session) sessions = sessions.where("id", "!=", spared.session);
  if (spared.ssoConnection) {
    const connectionId = spared.ssoConnection;
    sessions = sessions.where((eb) => eb.or([eb("ssoConnectionId", "is", null), eb("ssoConnectionId", "!=", connectionId)]));
  }
  const rows = await sessions.execute();
  if (!spared.session && !spared.ssoConnection) await store.deleteUserSessions(userId);
  else if (rows.length > 0) await store.deleteSessions(rows.map((r) => r.token));

  let grants = db.updateTable("oauthRefreshToken").set({ revoked: new Date() }).where("userId", "=", userId).where("revoked", "is", null);
  if (spared.ssoConnection) {
    const kept = db.selectFrom("session").select("id").where("userId", "=", userId).where("ssoConnectionId", "=", spared.ssoConnection);
    grants = grants.where((eb) => eb.or([eb("sessionId", "is", null), eb("sessionId", "not in", kept)]));
  }
  await grants.execute();
  return rows.length;
}

import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db/database.js";

/**
 * An app's access to a user's account lives in its refresh tokens (one row per rotation) and, for
 * apps that asked, the user's consent. Ending a grant revokes the refresh tokens, so no new access
 * token is issued; one already issued lives out its ten minutes (docs/decisions/090). Every app's
 * access to an account ends with its sessions (server/account/end-access.ts).
 */

/** Ends one app's access to the user's account and forgets the consent, so a new authorization asks again. */
export async function disconnectApp(db: DB, userId: string, clientId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const tokens = await trx
      .updateTable("oauthRefreshToken")
      .set({ revoked: new Date() })
      .where("userId", "=", userId)
      .where("clientId", "=", clientId)
      .where("revoked", "is", null)
      .executeTakeFirst();
    const consents = await trx.deleteFrom("oauthConsent").where("userId", "=", userId).where("clientId", "=", clientId).executeTakeFirst();
    return Number(tokens.numUpdatedRows) + Number(consents.numDeletedRows) > 0;
  });
}

/** Ends every user's access through an app: its operator disabled it. */
export async function revokeClientGrants(db: DB, clientId: string): Promise<void> {
  await db
    .updateTable("oauthRefreshToken")
    .set({ revoked: new Date() })
    .where("clientId", "=", clientId)
    .where("revoked", "is", null)
    .execute();
}

/**
 * Whether `refreshToken` is one already rotated, presented within the reuse window, of a grant that
 * has ended (docs/decisions/104). The library answers such a token with the answer it gave at the
 * rotation, meant for an app refreshing twice at once; but ending a grant revokes only the tokens
 * not yet revoked, and the rotated one still answers. A chain (the rows sharing the authorization
 * code's id) has ended once any of its tokens was revoked other than by its rotation, which stamps
 * `rotatedAt` with `revoked`: every ending, ours and the library's, leaves such a row, and a
 * rotation in progress never does. The library keeps a refresh token as the base64url SHA-256 of
 * it (its default `storeTokens: "hashed"`).
 */
export async function isReplayOfEndedGrant(db: DB, refreshToken: string): Promise<boolean> {
  const stored = createHash("sha256").update(refreshToken).digest("base64url");
  const { rows } = await sql<{ ended: boolean }>`
    select exists (
      select 1 from "oauthRefreshToken" l
      where l."clientId" = t."clientId" and l."userId" = t."userId"
        and l."authorizationCodeId" is not distinct from t."authorizationCodeId"
        and l."revoked" is not null and l."rotatedAt" is null
    ) as "ended"
    from "oauthRefreshToken" t
    where t."token" = ${stored} and t."rotatedAt" is not null and t."rotationReplayExpiresAt" >= now()
  `.execute(db);
  return rows[0]?.ended === true;
}

/** An app with access to the user's account, as the security page lists it. */
export interface ConnectedApp {
  clientId: string;
  name: string;
  scopes: string[];
  grantedAt: string;
  /** When the app last got tokens: its access token lives ten minutes, so it was last used at most ten minutes after. */
  lastUsedAt: string;
}

/**
 * The apps holding a live refresh token for the user (an enabled client). Granted: when the user
 * consented, else when the first token of a live chain was issued (a chain keeps its authorization
 * code's id through every rotation); last used: its latest token.
 */
export async function listConnectedApps(db: DB, userId: string): Promise<ConnectedApp[]> {
  const { rows } = await sql<{ clientId: string; name: string | null; grantedAt: Date; lastUsedAt: Date; scopes: string[] }>`
    with live as (
      select t."clientId", t."authorizationCodeId", t."createdAt", t."scopes" from "oauthRefreshToken" t
      join "oauthClient" c on c."clientId" = t."clientId"
      where t."userId" = ${userId} and t."revoked" is null and t."expiresAt" > now() and c."disabled" is not true
    )
    select live."clientId", c."name",
      coalesce(min(k."createdAt"), (select min(f."createdAt") from "oauthRefreshToken" f
        where f."userId" = ${userId} and f."authorizationCodeId" in (select l."authorizationCodeId" from live l where l."clientId" = live."clientId"))
      ) as "grantedAt",
      max(live."createdAt") as "lastUsedAt",
      (select jsonb_agg(distinct s) from live l2, jsonb_array_elements_text(l2."scopes") s where l2."clientId" = live."clientId") as "scopes"
    from live
    join "oauthClient" c on c."clientId" = live."clientId"
    left join "oauthConsent" k on k."clientId" = live."clientId" and k."userId" = ${userId}
    group by live."clientId", c."name"
    order by "lastUsedAt" desc
  `.execute(db);
  return rows.map((row) => ({
    clientId: row.clientId,
    name: row.name ?? row.clientId,
    scopes: row.scopes,
    grantedAt: new Date(row.grantedAt ?? row.lastUsedAt).toISOString(),
    lastUsedAt: new Date(row.lastUsedAt).toISOString(),
  }));
}

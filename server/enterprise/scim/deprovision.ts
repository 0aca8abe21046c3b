import { endSessionsAndGrants } from "../../account/end-access.js";
import type { Auth } from "../../auth/auth.js";
import type { DB } from "../../db/database.js";
import { AppError } from "../../errors.js";

/**
 * Ends every way into the account at once, as signing out of all devices does and more
 * (docs/decisions/090, 100): every session, through the identity library so that sessions kept in
 * Redis end with the database rows; every app's refresh token; the person's own API keys and the
 * keys they made for the team.
 */
export async function endAccess(deps: { db: DB; auth: Auth }, organizationId: string, userId: string): Promise<void> {
  await endSessionsAndGrants(deps, userId);
  await deps.db
    .deleteFrom("api_key")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb.and([eb("organization_id", "=", organizationId), eb("created_by", "=", userId)])]))
    .execute();
}

/**
 * Whether the team's directory has deactivated an account that its provisioning made: no session
 * opens for it, by any first factor, until the directory activates it again.
 */
export async function deactivatedByDirectory(db: DB, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("scim_user")
    .select("id")
    .where("user_id", "=", userId)
    .where("active", "=", false)
    .where("made_account", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Refuses a sign-in through the team's connection for a person its directory deactivated (`sso_account_deactivated`). */
export async function assertActiveInDirectory(db: DB, organizationId: string, userId: string): Promise<void> {
  const row = await db
    .selectFrom("scim_user")
    .select("active")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (row && !row.active) throw new AppError("ssoAccountDeactivated");
}

/**
 * Whether the team's provisioning made the account: the team's own, so the team's connection links
 * its identity at the first sign-in without asking (there is no other owner to ask).
 */
export async function madeByTeamDirectory(db: DB, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("scim_user")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("made_account", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

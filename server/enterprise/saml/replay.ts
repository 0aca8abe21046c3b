import type { DB } from "../../db/database.js";

/**
 * Remembers an assertion of a connection's provider until it expires: true the first time, false
 * when it was seen before (a replay). The database's primary key decides, so two instances
 * receiving the same assertion at once accept it once. Expired ones are forgotten on the way:
 * their time check refuses them anyway.
 */
export async function rememberAssertion(db: DB, connectionId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom("saml_assertion").where("expires_at", "<", new Date()).execute();
  const kept = await db
    .insertInto("saml_assertion")
    .values({ connection_id: connectionId, assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(["connection_id", "assertion_id"]).doNothing())
    .returning("assertion_id")
    .executeTakeFirst();
  return kept !== undefined;
}

import type { Auth } from "../auth/auth.js";
import type { DB } from "../db/database.js";

/**
 * Erases a person from the product: sessions (also from the shared session store), sign-in
 * methods, two-step data, pending codes, invitations, team memberships (a team left without
 * members goes with them), profile images and personal data. What invoices legally need stays:
 * the billing rows (customer, subscriptions, events) keep pointing at the user's id, whose row
 * remains as a tombstone without name, address or settings (docs/decisions/059).
 * Used by account deletion and meant for an operator console as well; it checks no permissions.
 */
export async function eraseUser(deps: { db: DB; auth: Auth }, userId: string): Promise<void> {
  const { db } = deps;
  const user = await db.selectFrom("user").select(["email", "image"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return;
  // Through Better Auth, so sessions cached in Redis end with the database rows.
  const ctx = await deps.auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("account").where("userId", "=", userId).execute();
    await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
    // Codes and trusted-device marks name the user by id or address.
    await trx
      .deleteFrom("verification")
      .where((eb) => eb.or([eb("value", "=", userId), eb("identifier", "like", `%${user.email}%`)]))
      .execute();
    await trx
      .deleteFrom("invitation")
      .where((eb) => eb.or([eb("inviterId", "=", userId), eb("email", "=", user.email)]))
      .execute();
    const teams = await trx.selectFrom("member").select("organizationId").where("userId", "=", userId).execute();
    await trx.deleteFrom("member").where("userId", "=", userId).execute();
    for (const { organizationId } of teams) {
      const left = await trx.selectFrom("member").select("id").where("organizationId", "=", organizationId).limit(1).executeTakeFirst();
      if (!left) await trx.deleteFrom("organization").where("id", "=", organizationId).execute();
    }
    // Stored images are named by the SHA-256 of their bytes: the profile image goes unless another user or team shows the same one.
    const imageId = /[0-9a-f]{64}/.exec(user.image ?? "")?.[0];
    if (imageId) {
      const shared = await trx
        .selectFrom("user")
        .select("id")
        .where("id", "!=", userId)
        .where("image", "like", `%${imageId}%`)
        .union(trx.selectFrom("organization").select("id").where("logo", "like", `%${imageId}%`))
        .limit(1)
        .executeTakeFirst();
      if (!shared) await trx.deleteFrom("stored_image").where("id", "=", imageId).execute();
    }
    await trx
      .updateTable("user")
      .set({
        name: "",
        email: `deleted-${userId}@deleted.invalid`,
        emailVerified: false,
        image: null,
        locale: null,
        firstName: null,
        lastName: null,
        teamName: null,
        organizationName: null,
        createOrganization: false,
        twoFactorEnabled: false,
        updatedAt: new Date(),
      })
      .where("id", "=", userId)
      .execute();
  });
}

import type { Auth } from "../auth/auth.js";
import { viewAndSync } from "../billing/subscription-store.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { eraseUser } from "./erase-user.js";

/** The phrase a person types to confirm, per language (also shown by the screen). */
export const DELETE_CONFIRMATION = { en: "Delete account", de: "Konto löschen" } as const;

/** Teams the user is the only admin of while others are members: deleting would leave them without one. */
export async function teamsLeftWithoutAdmin(db: DB, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("member as mine")
    .innerJoin("organization", "organization.id", "mine.organizationId")
    .select(["organization.name", "mine.organizationId"])
    .where("mine.userId", "=", userId)
    .where("mine.role", "=", "admin")
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom("member as other")
              .select("other.id")
              .whereRef("other.organizationId", "=", "mine.organizationId")
              .where("other.userId", "!=", userId)
              .where("other.role", "=", "admin"),
          ),
        ),
        eb.exists(
          eb
            .selectFrom("member as other")
            .select("other.id")
            .whereRef("other.organizationId", "=", "mine.organizationId")
            .where("other.userId", "!=", userId),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.name);
}

/**
 * Deletes the signed-in person's account after the typed confirmation, unless a team would be
 * left without an admin or a subscription is still running (it must be cancelled first).
 */
export async function deleteAccount(deps: { db: DB; auth: Auth }, userId: string, confirmation: string): Promise<void> {
  if (!Object.values(DELETE_CONFIRMATION).includes(confirmation.trim() as never)) throw new AppError("deleteConfirmation");
  const teams = await teamsLeftWithoutAdmin(deps.db, userId);
  if (teams.length > 0) throw new AppError("deleteSoleAdmin", { params: { teams: teams.join(", ") } });
  const subscription = await viewAndSync(deps.db, userId);
  if (subscription.active && !subscription.cancelAt) throw new AppError("deleteSubscription");
  await eraseUser(deps, userId);
}

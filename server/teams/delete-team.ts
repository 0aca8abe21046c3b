import type { TeamDeletion } from "../../core/api.js";
import { matchesTeamName } from "../../core/teams.js";
import { applySnapshot, liveSubscriptionsExcept } from "../billing/subscription-store.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { PaymentProvider } from "../payments/provider.js";
import { billingOwnerOf } from "./memberships.js";

export interface DeleteTeamDeps {
  db: DB;
  provider: PaymentProvider;
  /** The identity library's team deletion, acting for the signed-in admin. */
  deleteOrganization(organizationId: string, headers: Headers): Promise<void>;
}

/** The teams a user pays for: those whose first admin they are. */
async function teamsPaidBy(db: DB, userId: string): Promise<string[]> {
  const teams = await db.selectFrom("member").select("organizationId").where("userId", "=", userId).execute();
  const paid: string[] = [];
  for (const { organizationId } of teams) if ((await billingOwnerOf(db, organizationId)) === userId) paid.push(organizationId);
  return paid;
}

/**
 * What deleting the team does to the subscription that pays for it: when the team is the last one
 * its paying admin's running subscription pays for, the subscription is canceled with it.
 */
export async function deletionOf(
  deps: Pick<DeleteTeamDeps, "db" | "provider">,
  teamId: string,
): Promise<TeamDeletion & { payerId?: string; subscriptions: string[] }> {
  const payerId = await billingOwnerOf(deps.db, teamId);
  if (!payerId) return { cancelsSubscription: false, subscriptions: [] };
  const subscriptions = await liveSubscriptionsExcept(deps.db, deps.provider.kind, payerId, "");
  const otherPaidTeams = (await teamsPaidBy(deps.db, payerId)).filter((id) => id !== teamId);
  const cancels = subscriptions.length > 0 && otherPaidTeams.length === 0;
  return { cancelsSubscription: cancels, payerId, subscriptions: cancels ? subscriptions : [] };
}

/**
 * Deletes a team once its admin typed its name (as a person types it: `matchesTeamName`), after canceling at the provider the subscription
 * that paid only for it (the provider's own events confirm the state later; this stores it at once).
 */
export async function deleteTeam(deps: DeleteTeamDeps, input: { teamId: string; confirmName: string; headers: Headers }) {
  const team = await deps.db.selectFrom("organization").select("name").where("id", "=", input.teamId).executeTakeFirstOrThrow();
  if (!matchesTeamName(input.confirmName, team.name)) throw new AppError("confirmNameMismatch");
  const plan = await deletionOf(deps, input.teamId);
  // The provider first: when it cannot be reached, the team stays and nothing is lost.
  const now = Math.floor(Date.now() / 1000);
  for (const id of plan.subscriptions) {
    const snapshot = await deps.provider.cancelSubscription(id).catch(() => {
      throw new AppError("paymentFailed");
    });
    await applySnapshot(deps.db, deps.provider.kind, plan.payerId as string, snapshot, now);
  }
  await deps.deleteOrganization(input.teamId, input.headers);
}

import type { TeamBilling } from "../../core/api.js";
import { type BillingDeps, openPortal } from "../billing/billing-service.js";
import { planBadges } from "../billing/plan-badges.js";
import { currentSubscription, customerOf, viewAndSync } from "../billing/subscription-store.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { billingOwnerOf } from "./memberships.js";
import { adminCount, memberLimitOf, type QuotaConfig, seatsUsed } from "./roster.js";

/** The team's billing tab: who pays, the plans with their badges, and whether the caller may open the portal. */
export async function teamBilling(
  deps: { db: DB; config: QuotaConfig; providerKind: string },
  input: { organizationId: string; userId: string },
): Promise<TeamBilling> {
  const { db } = deps;
  const payerId = await billingOwnerOf(db, input.organizationId);
  const payer = payerId
    ? await db.selectFrom("user").select(["id", "name", "email"]).where("id", "=", payerId).executeTakeFirst()
    : undefined;
  if (payerId) await viewAndSync(db, payerId);
  const sub = payerId ? await currentSubscription(db, payerId) : null;
  const isYou = payer?.id === input.userId;
  return {
    payer: payer ? { name: payer.name, email: payer.email, isYou } : null,
    plans: planBadges(sub, new Date()),
    canOpenPortal: isYou && Boolean(await customerOf(db, deps.providerKind, input.userId)),
    seats: { used: await seatsUsed(db, input.organizationId), limit: await memberLimitOf(db, deps.config, input.organizationId) },
  };
}

/**
 * The paying admin stays (docs/decisions/069): while their subscription runs and the team has
 * another admin, they can be neither demoted nor removed, nor leave. With no other admin, the
 * last-admin rule answers instead; once the subscription has ended, the next admin by seniority pays.
 */
export async function assertPayerStays(db: DB, organizationId: string, userId: string): Promise<void> {
  if ((await billingOwnerOf(db, organizationId)) !== userId) return;
  if ((await adminCount(db, organizationId)) < 2) return;
  if ((await viewAndSync(db, userId)).active) throw new AppError("payerStays");
}

/** Opens a team's billing portal: the portal of its paying admin, which only that admin may open. */
export async function openTeamPortal(deps: BillingDeps, input: { userId: string; organizationId: string; lang: string }) {
  if ((await billingOwnerOf(deps.db, input.organizationId)) !== input.userId) throw new AppError("billingPermission");
  return openPortal(deps, input);
}

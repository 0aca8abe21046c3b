import type { PlanType } from "../../core/plans.js";
import { viewAndSync } from "../billing/subscription-store.js";
import type { DB } from "../db/database.js";
import { billingOwnerOf } from "../teams/memberships.js";

/** The plan that applies without a running subscription. */
const FREE_PLAN: PlanType = "individual";

/** The plan a user has now: their subscription's while it runs (a trial included), else the free plan. */
export async function currentPlan(db: DB, userId: string) {
  const view = await viewAndSync(db, userId);
  return { view, plan: view.active ? view.planType : FREE_PLAN };
}

/** A team's plan: that of the admin whose subscription pays for it (docs/decisions/067). */
export async function teamPlan(db: DB, organizationId: string): Promise<PlanType> {
  const payer = await billingOwnerOf(db, organizationId);
  return payer ? (await currentPlan(db, payer)).plan : FREE_PLAN;
}

import type { z } from "zod";
import type { entitlements } from "../../core/api/v1.js";
import type { ApiScope } from "../../core/api-scopes.js";
import type { PlanType } from "../../core/plans.js";
import type { DB } from "../db/database.js";
import type { QuotaConfig } from "../teams/roster.js";
import { currentPlan } from "./plan-of.js";
import { teamsOfUser } from "./team-reads.js";

type Entitlements = z.output<typeof entitlements>;

/**
 * What each plan allows. Keyed by every plan of core/plans.ts, so a new plan does not compile
 * until it says what it allows here.
 */
function planRules(config: QuotaConfig): Record<PlanType, { features: Entitlements["features"]; limits: Entitlements["limits"] }> {
  return {
    individual: { features: { teams: false, proFeatures: false }, limits: { teamMembers: config.TEAM_MEMBER_QUOTA_INDIVIDUAL } },
    pro: { features: { teams: true, proFeatures: true }, limits: { teamMembers: config.TEAM_MEMBER_QUOTA_PRO } },
  };
}

/**
 * GET /api/v1/entitlements: computed from the stored subscription at every request (the
 * subscription view of decision 061), so a subscription event shows at the next call.
 */
export async function entitlementsOf(db: DB, config: QuotaConfig, userId: string, scopes: ReadonlySet<ApiScope>): Promise<Entitlements> {
  const { view, plan } = await currentPlan(db, userId);
  const rules = planRules(config)[plan];
  const answer: Entitlements = {
    plan,
    status: view.status,
    trialEndsAt: view.isTrialing ? view.trialEndDate : null,
    features: rules.features,
    limits: rules.limits,
  };
  if (scopes.has("teams:read")) answer.teams = await teamsOfUser(db, userId);
  return answer;
}

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

/** How long an instance reuses a user's computed entitlements: a subscription event shows within this plus a request. */
export const ENTITLEMENTS_REUSE_MS = 3_000;

/**
 * `entitlementsOf` with each answer reused for ENTITLEMENTS_REUSE_MS per user and scope set, in this
 * instance: under a burst the subscription is read once per user every few seconds instead of at
 * every request, and a change still shows within 5 seconds on every instance.
 */
export function reusedEntitlements(db: DB, config: QuotaConfig, now = () => Date.now()) {
  const recent = new Map<string, { answer: Promise<Entitlements>; until: number }>();
  let nextSweep = 0;
  return (userId: string, scopes: ReadonlySet<ApiScope>): Promise<Entitlements> => {
    const t = now();
    if (t >= nextSweep) {
      for (const [k, v] of recent) if (v.until <= t) recent.delete(k);
      nextSweep = t + 60_000;
    }
    const key = `${userId}:${scopes.has("teams:read") ? "teams" : ""}`;
    const hit = recent.get(key);
    if (hit && hit.until > t) return hit.answer;
    const answer = entitlementsOf(db, config, userId, scopes);
    recent.set(key, { answer, until: t + ENTITLEMENTS_REUSE_MS });
    answer.catch(() => recent.delete(key));
    return answer;
  };
}

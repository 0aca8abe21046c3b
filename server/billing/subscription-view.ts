import type { CheckoutOffer, SubscriptionView } from "../../core/api.js";
import { type PlanType, TRIAL_WARNING_DAYS } from "../../core/plans.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored facts about a user's current subscription. */
export interface StoredSubscription {
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * Whether a subscription gives access now. A trial gives access until its end date, even when the
 * provider has not reported the outcome yet; a subscription canceled at period end stays active until then.
 */
export function isActive(sub: StoredSubscription | null, now: Date): boolean {
  if (!sub) return false;
  if (sub.status === "trialing") return sub.trialEnd !== null && sub.trialEnd > now;
  if (sub.status === "active") {
    return !(sub.cancelAtPeriodEnd && sub.currentPeriodEnd !== null && sub.currentPeriodEnd <= now);
  }
  return false;
}

/**
 * Whether a subscription runs: trialing or active, as `isActive` judges it. A second checkout for a
 * running one would end it and start another, and with Stripe charge at once (docs/decisions/145).
 */
export function runs(sub: StoredSubscription | null, now: Date): boolean {
  return isActive(sub, now);
}

/**
 * What a checkout would start now: nothing while a subscription runs; the trial for someone who never
 * had a subscription (any stored one counts, ended or complimentary); otherwise a paid subscription.
 */
export function checkoutOffer(sub: StoredSubscription | null, now: Date): CheckoutOffer | null {
  if (runs(sub, now)) return null;
  return sub ? "paid" : "trial";
}

export function subscriptionView(sub: StoredSubscription | null, planType: PlanType, now: Date): SubscriptionView {
  const active = isActive(sub, now);
  const isTrialing = sub?.status === "trialing" && active;
  const trialEnd = sub?.status === "trialing" ? sub.trialEnd : null;
  const daysLeftInTrial = isTrialing && trialEnd ? Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS) : null;
  const trialEnding = daysLeftInTrial !== null && daysLeftInTrial <= TRIAL_WARNING_DAYS;
  const cancelAt = active && sub?.cancelAtPeriodEnd ? (sub.currentPeriodEnd?.toISOString() ?? null) : null;
  return {
    active,
    status: sub?.status ?? null,
    planType,
    trialEndDate: trialEnd?.toISOString() ?? null,
    daysLeftInTrial,
    isTrialing,
    isExpiring: trialEnding,
    trialEnding,
    cancelAt,
    isPro: active && planType === "pro",
    checkoutOffer: checkoutOffer(sub, now),
  };
}

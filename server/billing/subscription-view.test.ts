import { describe, expect, it } from "vitest";
import { checkoutOffer, isActive, type StoredSubscription, subscriptionView } from "./subscription-view.js";

const now = new Date("2026-03-01T12:00:00Z");
const inDays = (d: number) => new Date(now.getTime() + d * 24 * 60 * 60 * 1000);
const trial = (end: Date): StoredSubscription => ({ status: "trialing", trialEnd: end, currentPeriodEnd: end, cancelAtPeriodEnd: false });

describe("subscriptionView", () => {
  it("has no subscription: inactive, no trial", () => {
    expect(subscriptionView(null, "individual", now)).toMatchObject({
      active: false,
      status: null,
      isTrialing: false,
      daysLeftInTrial: null,
      trialEnding: false,
      isPro: false,
    });
  });

  it("rounds the days left in a trial up and warns at 7 days or fewer", () => {
    expect(subscriptionView(trial(inDays(30)), "pro", now)).toMatchObject({ daysLeftInTrial: 30, trialEnding: false, isPro: true });
    expect(subscriptionView(trial(inDays(7)), "pro", now)).toMatchObject({ daysLeftInTrial: 7, trialEnding: true, isExpiring: true });
    expect(subscriptionView(trial(inDays(7.2)), "pro", now)).toMatchObject({ daysLeftInTrial: 8, trialEnding: false });
    expect(subscriptionView(trial(inDays(0.1)), "pro", now)).toMatchObject({ daysLeftInTrial: 1, isTrialing: true });
  });

  it("ends access when a trial passes its end without payment", () => {
    const view = subscriptionView(trial(inDays(-1)), "pro", now);
    expect(view).toMatchObject({ active: false, isTrialing: false, trialEnding: false, isPro: false, status: "trialing" });
  });

  it("keeps a subscription canceled at period end active until then", () => {
    const sub: StoredSubscription = { status: "active", trialEnd: null, currentPeriodEnd: inDays(3), cancelAtPeriodEnd: true };
    expect(subscriptionView(sub, "pro", now)).toMatchObject({ active: true, cancelAt: inDays(3).toISOString() });
    expect(isActive(sub, inDays(4))).toBe(false);
  });

  it("treats incomplete, past due and canceled as not active", () => {
    for (const status of ["incomplete", "past_due", "canceled", "unpaid", "incomplete_expired"]) {
      expect(isActive({ status, trialEnd: null, currentPeriodEnd: inDays(10), cancelAtPeriodEnd: false }, now)).toBe(false);
    }
  });

  it("offers the trial to someone who never subscribed, a paid checkout after that, and nothing while one runs", () => {
    expect(checkoutOffer(null, now)).toBe("trial");
    expect(checkoutOffer(trial(inDays(5)), now)).toBeNull();
    expect(checkoutOffer({ status: "active", trialEnd: null, currentPeriodEnd: inDays(20), cancelAtPeriodEnd: true }, now)).toBeNull();
    expect(checkoutOffer(trial(inDays(-1)), now)).toBe("paid");
    expect(checkoutOffer({ status: "canceled", trialEnd: null, currentPeriodEnd: inDays(-3), cancelAtPeriodEnd: false }, now)).toBe("paid");
    expect(subscriptionView(trial(inDays(5)), "pro", now).checkoutOffer).toBeNull();
  });
});

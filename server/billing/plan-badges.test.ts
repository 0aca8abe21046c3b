import { describe, expect, it } from "vitest";
import { planBadges } from "./plan-badges.js";

const now = new Date("2026-11-25T12:00:00Z");
const later = new Date("2026-12-25T12:00:00Z");
const base = { trialEnd: null, currentPeriodEnd: later, cancelAtPeriodEnd: false };

describe("plan badges", () => {
  it("shows a running subscription as active and current with its renewal, a trial as a trial with its end", () => {
    expect(planBadges({ ...base, status: "active" }, now)).toEqual([
      { plan: "pro", badges: [{ kind: "active" }, { kind: "current" }, { kind: "renewsAt", date: later.toISOString() }] },
      { plan: "individual", badges: [] },
    ]);
    expect(planBadges({ ...base, status: "trialing", trialEnd: later }, now)[0]?.badges).toEqual([
      { kind: "current" },
      { kind: "trial", date: later.toISOString() },
    ]);
  });

  it("shows a canceled subscription with its end date and the individual plan as upcoming from then", () => {
    expect(planBadges({ ...base, status: "active", cancelAtPeriodEnd: true }, now)).toEqual([
      { plan: "pro", badges: [{ kind: "current" }, { kind: "canceled", date: later.toISOString() }] },
      { plan: "individual", badges: [{ kind: "upcoming" }, { kind: "startsAt", date: later.toISOString() }] },
    ]);
  });

  it("shows an ended subscription as expired and a failed payment as requiring action", () => {
    expect(planBadges({ ...base, status: "canceled" }, now)[0]?.badges).toEqual([{ kind: "expired" }]);
    expect(planBadges({ ...base, status: "past_due" }, now)[0]?.badges).toEqual([{ kind: "requiresAction" }]);
    expect(planBadges(null, now)).toEqual([
      { plan: "pro", badges: [] },
      { plan: "individual", badges: [{ kind: "active" }, { kind: "current" }] },
    ]);
  });
});

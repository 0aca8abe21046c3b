import type { PlanBadge, TeamPlan } from "../../core/api.js";
import { isActive, type StoredSubscription } from "./subscription-view.js";

/** Statuses in which the provider waits for the customer (a failed or unconfirmed payment). */
const NEEDS_ACTION = ["incomplete", "past_due", "unpaid"];

/**
 * The plans a team's page shows with their badges, from the paying admin's stored subscription:
 * Pro (active and renews at, or a free trial with its end, as the dashboard and the portal say;
 * current; canceled with its end; expired; requires action) and Free, the individual plan (current
 * without Pro, upcoming from the date a canceled Pro ends).
 */
export function planBadges(sub: StoredSubscription | null, now: Date): TeamPlan[] {
  const iso = (d: Date | null) => d?.toISOString();
  const pro: PlanBadge[] = [];
  const individual: PlanBadge[] = [];
  const running = isActive(sub, now);
  if (sub && running) {
    const end = sub.status === "trialing" ? sub.trialEnd : sub.currentPeriodEnd;
    if (sub.cancelAtPeriodEnd) {
      pro.push({ kind: "current" }, { kind: "canceled", date: iso(end) });
      individual.push({ kind: "upcoming" }, { kind: "startsAt", date: iso(end) });
    } else if (sub.status === "trialing") {
      pro.push({ kind: "current" }, { kind: "trial", date: iso(end) });
    } else {
      pro.push({ kind: "active" }, { kind: "current" }, { kind: "renewsAt", date: iso(end) });
    }
  } else {
    if (sub && NEEDS_ACTION.includes(sub.status)) pro.push({ kind: "requiresAction" });
    else if (sub) pro.push({ kind: "expired" });
    individual.push({ kind: "active" }, { kind: "current" });
  }
  return [
    { plan: "pro", badges: pro },
    { plan: "individual", badges: individual },
  ];
}

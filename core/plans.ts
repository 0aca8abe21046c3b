/** The account area's plans and the trial rules, shared by the wizard, the dashboard and billing. */
export const PLAN_TYPES = ["individual", "pro"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export function isPlanType(value: unknown): value is PlanType {
  return typeof value === "string" && (PLAN_TYPES as readonly string[]).includes(value);
}

/** A pro subscription starts with this many free days; the card is charged when they end. */
export const TRIAL_DAYS = 30;
/** From this many days before the trial's end the dashboard warns. */
export const TRIAL_WARNING_DAYS = 7;
/** At this many days or fewer the warning is the short, days-based text. */
export const TRIAL_SHORT_TEXT_DAYS = 3;

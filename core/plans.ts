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

/**
 * The plans the pricing page sells, in its order, and how each is bought (docs/decisions/150): Free
 * and Pro are the account's plans (`individual` and `pro`) and are chosen in the sign-up wizard;
 * Basic and Enterprise are agreed with sales through the contact form. Every screen and the API name
 * a plan by these keys and show these prices, so the pricing page and the bill say one thing.
 */
/** What Pro costs once its trial has ended, in euro cents per user and month. */
export const PRO_MONTHLY_CENTS = 3900;

export const CATALOGUE_KEYS = ["free", "basic", "pro", "enterprise"] as const;
export type CatalogueKey = (typeof CATALOGUE_KEYS)[number];

export interface CatalogueEntry {
  /** The account plan it is, when it is bought in the wizard; null when sales agree it. */
  accountPlan: PlanType | null;
  /** Euro cents per user and month, plus VAT; null when the price is agreed. */
  monthlyCents: number | null;
}

export const CATALOGUE: Record<CatalogueKey, CatalogueEntry> = {
  free: { accountPlan: "individual", monthlyCents: 0 },
  basic: { accountPlan: null, monthlyCents: 1900 },
  pro: { accountPlan: "pro", monthlyCents: PRO_MONTHLY_CENTS },
  enterprise: { accountPlan: null, monthlyCents: null },
};

/** The catalogue's key of an account plan (anything but pro is Free): what the screens name it and the API reports. */
export function catalogueKeyOf(planType: PlanType | string | null | undefined): "free" | "pro" {
  return planType === "pro" ? "pro" : "free";
}

/**
 * A plan's monthly price as the page's language writes it ("€39" / "39 €", as Intl.NumberFormat does
 * for en-GB and de-DE); whole euros without cents. Written out: the first Intl.NumberFormat of a
 * page loads the locale's data, 35–55 ms of main thread while the landing page's pricing cards
 * hydrate (docs/decisions/158).
 */
export function formatMonthlyPrice(cents: number, lang: string): string {
  const de = lang === "de";
  const euros = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, de ? "." : ",");
  const rest = cents % 100;
  const amount = rest === 0 ? euros : `${euros}${de ? "," : "."}${String(rest).padStart(2, "0")}`;
  return de ? `${amount}\u00a0€` : `€${amount}`;
}

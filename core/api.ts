/**
 * The shapes of our API's answers, read by the browser and produced by the server. Every error
 * answer is `ApiErrorBody`.
 */
import type { ContactFieldErrors } from "./contact/fields";
import type { PlanType } from "./plans";

export interface ApiErrorBody {
  message: string;
  /** A stable code for errors a client reacts to, beside the translated message. */
  code?: string;
  /** Per-field messages of a refused form. */
  errors?: ContactFieldErrors;
}

/** POST /api/send-contact, 201. */
export interface ContactCreated {
  id: string;
}

/** GET /api/subscription: the subscription as the dashboard reads it, computed by the server. */
export interface SubscriptionView {
  active: boolean;
  status: string | null;
  planType: PlanType;
  trialEndDate: string | null;
  daysLeftInTrial: number | null;
  isTrialing: boolean;
  isExpiring: boolean;
  trialEnding: boolean;
  /** The period ends and the plan stops then (canceled at period end). */
  cancelAt: string | null;
  /** Pro with an active subscription: may create teams and open the billing portal. */
  isPro: boolean;
}

/** POST /api/create-checkout-session: the provider's session and the page to send the browser to. */
export interface CheckoutSession {
  id: string;
  url: string;
}

/** POST /api/create-portal-session. */
export interface PortalSession {
  url: string;
}

/** One team in the dashboard's lists. */
export interface TeamMembership {
  id: string;
  name: string;
  slug: string;
  role: string;
}

/** GET /api/teams?kind=admin|member&page=N. */
export interface TeamPage {
  items: TeamMembership[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /api/teams, 201. */
export interface CreatedTeam {
  id: string;
  name: string;
  slug: string;
}

/** GET /api/site-config: runtime settings the prerendered pages cannot contain. */
export interface SiteConfig {
  gaMeasurementId: string | null;
}

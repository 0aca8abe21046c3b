import { z } from "zod";
import { PLAN_TYPES } from "../plans";
import { isTeamName } from "../teams";

/** POST /api/create-checkout-session: the body. The user must be the signed-in one. */
export const checkoutBody = z.object({
  userId: z.string().min(1),
  planType: z.literal("pro"),
  /** Start with the free trial; false subscribes at once. The server grants the trial only when its offer is the trial. */
  trial: z.boolean().default(true),
  /** The team to create when the checkout completes. */
  teamName: z.string().trim().refine(isTeamName).optional(),
});

/** A checkout starts the 30-day trial (offered once per account) or a paid subscription at once. */
export const checkoutOffer = z.enum(["trial", "paid"]);

/** GET /api/subscription: the subscription as the dashboard reads it, computed by the server. */
export const subscriptionView = z.object({
  active: z.boolean(),
  status: z.string().nullable(),
  planType: z.enum(PLAN_TYPES),
  trialEndDate: z.string().nullable(),
  daysLeftInTrial: z.number().nullable(),
  isTrialing: z.boolean(),
  isExpiring: z.boolean(),
  trialEnding: z.boolean(),
  /** The period ends and the plan stops then (canceled at period end). */
  cancelAt: z.string().nullable(),
  /** Pro with an active subscription: may create teams and open the billing portal. */
  isPro: z.boolean(),
  /** What a checkout would start now; null while a subscription runs (a second checkout is refused). */
  checkoutOffer: checkoutOffer.nullable(),
});

/** POST /api/create-checkout-session: the provider's session and the page to send the browser to. */
export const checkoutSession = z.object({ id: z.string(), url: z.string() });

/** POST /api/create-portal-session. */
export const portalSession = z.object({ url: z.string() });

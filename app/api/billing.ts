import type { SubscriptionView } from "../../core/api";
import type { Language } from "../../core/languages";
import { ApiRequestError, request } from "./client";

/** A checkout failure with the text to show: the server's message or the spec's fallback. */
export class CheckoutError extends Error {}

/**
 * Creates a checkout session and goes to the provider's hosted checkout page (Stripe's current
 * redirect method: navigate to the session URL; no payment script is loaded on our pages).
 */
export async function startCheckout(
  input: { userId: string; trial: boolean; teamName?: string; lang: Language },
  fallback: { network: string },
): Promise<void> {
  const { lang, ...body } = input;
  let url: string | undefined;
  try {
    ({ url } = await request("POST /api/create-checkout-session", { body: { ...body, planType: "pro" }, language: lang }));
  } catch (error) {
    if (error instanceof ApiRequestError) throw new CheckoutError(error.message || fallback.network);
    throw error;
  }
  if (!url) throw new CheckoutError(fallback.network);
  window.location.assign(url);
}

/** Opens the billing portal; a failure is not shown (the server logs it), as the spec asks. */
export async function openBillingPortal(lang: Language, organizationId?: string): Promise<void> {
  try {
    const { url } = await request("POST /api/create-portal-session", { query: { organizationId }, language: lang });
    if (url) window.location.assign(url);
  } catch {
    // Swallowed on purpose: the user stays on the dashboard.
  }
}

export function fetchSubscription(): Promise<SubscriptionView> {
  return request("GET /api/subscription");
}

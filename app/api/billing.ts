import type { SubscriptionView } from "../../core/api";
import type { Language } from "../../core/languages";

/** A checkout failure with the text to show: the server's message or the spec's fallback. */
export class CheckoutError extends Error {}

/**
 * Creates a checkout session and goes to the provider's hosted checkout page (Stripe's current
 * redirect method: navigate to the session URL; no payment script is loaded on our pages).
 */
export async function startCheckout(
  input: { userId: string; userEmail: string; userName: string; trial: boolean; teamName?: string; lang: Language },
  fallback: { network: string },
): Promise<void> {
  const { lang, ...body } = input;
  const res = await fetch("/api/create-checkout-session", {
    method: "POST",
    headers: { "content-type": "application/json", "x-language": lang },
    credentials: "same-origin",
    body: JSON.stringify({ ...body, planType: "pro" }),
  });
  const data = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!res.ok || !data.url) throw new CheckoutError(data.message || fallback.network);
  window.location.assign(data.url);
}

/** Opens the billing portal; a failure is not shown (the server logs it), as the spec asks. */
export async function openBillingPortal(lang: Language, organizationId?: string): Promise<void> {
  try {
    const query = organizationId ? `?organizationId=${encodeURIComponent(organizationId)}` : "";
    const res = await fetch(`/api/create-portal-session${query}`, {
      method: "POST",
      headers: { "x-language": lang },
      credentials: "same-origin",
    });
    if (!res.ok) return;
    const { url } = (await res.json()) as { url?: string };
    if (url) window.location.assign(url);
  } catch {
    // Swallowed on purpose: the user stays on the dashboard.
  }
}

export async function fetchSubscription(): Promise<SubscriptionView> {
  const res = await fetch("/api/subscription", { credentials: "same-origin" });
  if (!res.ok) throw new Error(`subscription: ${res.status}`);
  return res.json();
}

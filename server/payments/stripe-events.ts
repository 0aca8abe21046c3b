import type Stripe from "stripe";
import { type PaymentEvent, type SubscriptionPrice, type SubscriptionSnapshot, WebhookSignatureError } from "./provider.js";

const date = (seconds: number | null | undefined) => (typeof seconds === "number" ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * The Stripe SDK takes a tenth of a second to load and is needed only when a payment event is
 * signed or checked or Stripe is called, so it loads then, once.
 */
let stripeModule: Promise<typeof Stripe> | undefined;
export function loadStripe(): Promise<typeof Stripe> {
  stripeModule ??= import("stripe").then((m) => m.default);
  return stripeModule;
}

/** Reads a Stripe subscription object; newer API versions keep the period end on the items. */
export function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
  const legacy = sub as unknown as { current_period_end?: number };
  const periodEnd = sub.items?.data?.[0]?.current_period_end ?? legacy.current_period_end ?? sub.cancel_at;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? "",
    status: sub.status,
    trialEnd: date(sub.trial_end),
    currentPeriodEnd: date(periodEnd),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || sub.cancel_at),
    userId: sub.metadata?.userId || null,
    price: priceOf(sub.items?.data?.[0]?.price),
  };
}

function priceOf(price: Stripe.Price | undefined): SubscriptionPrice | null {
  if (!price || typeof price.unit_amount !== "number" || !price.recurring) return null;
  return {
    unitAmount: price.unit_amount,
    currency: price.currency,
    interval: price.recurring.interval as SubscriptionPrice["interval"],
    intervalCount: price.recurring.interval_count ?? 1,
  };
}

const SUBSCRIPTION_EVENTS = new Set(["customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted"]);

/** Reduces a Stripe event to the facts billing uses; other event types keep only id and type. */
function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type, created: event.created };
  if (event.type === "checkout.session.completed") {
    const session = event.data.object as Stripe.Checkout.Session;
    return {
      ...base,
      checkout: {
        customerId: idOf(session.customer) ?? "",
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        subscriptionId: idOf(session.subscription),
        teamName: session.metadata?.teamName || null,
      },
    };
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) return { ...base, subscription: snapshotOf(event.data.object as Stripe.Subscription) };
  return base;
}

/** Verifies a Stripe-style signature header (t=…,v1=…) with the webhook secret and parses the event. */
export async function verifyStripeSignature(rawBody: string, signature: string | undefined, secret: string): Promise<PaymentEvent> {
  if (!signature) throw new WebhookSignatureError("missing signature");
  const Stripe = await loadStripe();
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message);
  }
  return paymentEventOf(event);
}

/**
 * One interface over the card payment providers: Stripe when configured, otherwise the built-in
 * local provider. Both deliver Stripe-shaped, signed webhook events that the same billing code
 * processes (see server/billing/process-event.ts).
 */
export type ProviderKind = "stripe" | "local";

/** A subscription as a provider reports it at one moment. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Our user id, when the provider carries it in the subscription's metadata. */
  userId: string | null;
  /** What it is billed at, when the provider says. */
  price: SubscriptionPrice | null;
}

/** A recurring price: the amount in the currency's smallest unit (cents) per `intervalCount` intervals. */
export interface SubscriptionPrice {
  unitAmount: number;
  currency: string;
  interval: "day" | "week" | "month" | "year";
  intervalCount: number;
}

/** A verified provider event reduced to what billing needs. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Provider time of the event, in seconds. */
  created: number;
  checkout?: { customerId: string; userId: string | null; subscriptionId: string | null; teamName: string | null };
  subscription?: SubscriptionSnapshot;
}

export interface CheckoutInput {
  userId: string;
  customerId: string;
  trial: boolean;
  teamName: string | null;
  lang: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  kind: ProviderKind;
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string; lang: string }): Promise<{ url: string }>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot>;
  /** Ends a subscription now (one replaced by a new checkout); returns its final state. */
  cancelSubscription(id: string): Promise<SubscriptionSnapshot>;
  /** Verifies the signature of a raw webhook body; throws WebhookSignatureError when it does not match. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}

export class WebhookSignatureError extends Error {}

import type Stripe from "stripe";
import { TRIAL_DAYS } from "../../core/plans.js";
import type { PaymentProvider } from "./provider.js";
import { loadStripe, snapshotOf, verifyStripeSignature } from "./stripe-events.js";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  pricePro: string;
  /** Another API address, e.g. a local double in tests. */
  apiUrl?: string;
}

const CHECKOUT_LOCALES = new Set(["en", "de"]);

/** Stripe's hosted Checkout (subscription mode, card collected, 30-day trial) and billing portal. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  let client: Promise<Stripe> | undefined;
  const stripe = () => {
    client ??= loadStripe().then(
      (Sdk) =>
        new Sdk(settings.secretKey, {
          maxNetworkRetries: 2,
          timeout: 15_000,
          telemetry: false,
          ...(api ? { host: api.hostname, port: api.port || undefined, protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
        }),
    );
    return client;
  };

  return {
    kind: "stripe",
    async createCustomer({ userId, email, name }) {
      const customer = await (await stripe()).customers.create(
        { email, name, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },
    async createCheckoutSession({ userId, customerId, trial, teamName, lang, successUrl, cancelUrl }) {
      const metadata: Record<string, string> = { userId, ...(teamName ? { teamName } : {}) };
      const session = await (await stripe()).checkout.sessions.create({
        mode: "subscription",
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: settings.pricePro, quantity: 1 }],
        // The card is collected now and charged only when the trial ends.
        payment_method_collection: "always",
        subscription_data: { metadata, ...(trial ? { trial_period_days: TRIAL_DAYS } : {}) },
        metadata,
        locale: CHECKOUT_LOCALES.has(lang) ? (lang as "en" | "de") : "auto",
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },
    async createPortalSession({ customerId, returnUrl, lang }) {
      const session = await (await stripe()).billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale: CHECKOUT_LOCALES.has(lang) ? (lang as "en" | "de") : "auto",
      });
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      return snapshotOf(await (await stripe()).subscriptions.retrieve(id));
    },
    async cancelSubscription(id) {
      return snapshotOf(await (await stripe()).subscriptions.cancel(id, {}, { idempotencyKey: `cancel-${id}` }));
    },
    verifyEvent(rawBody, signature) {
      return verifyStripeSignature(rawBody, signature, settings.webhookSecret);
    },
  };
}

import { createHmac, randomUUID } from "node:crypto";
import { TRIAL_DAYS } from "../../core/plans.js";
import type { DB } from "../db/database.js";
import type { LocalSubscriptionTable } from "../db/schema.js";
import type { PaymentProvider, SubscriptionPrice, SubscriptionSnapshot } from "./provider.js";
import { loadStripe, verifyStripeSignature } from "./stripe-events.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (d: Date | string | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));

/** A signed event, ready for the webhook processing code. */
export interface SignedEvent {
  payload: string;
  signature: string;
}

export interface LocalProvider extends PaymentProvider {
  kind: "local";
  checkoutSession(
    id: string,
  ): Promise<
    | { id: string; userId: string; trial: boolean; teamName: string | null; status: string; successUrl: string; cancelUrl: string }
    | undefined
  >;
  /** Starts the subscription of an open checkout session and returns the events Stripe would send. */
  confirmCheckout(id: string): Promise<SignedEvent[]>;
  /** The user's newest local subscription, if any. */
  subscriptionOf(userId: string): Promise<SubscriptionSnapshot | undefined>;
  /** Cancels at period end, or resumes a cancellation; returns the resulting update event. */
  setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<SignedEvent | undefined>;
}

/** The local provider's webhook secret, derived from the server secret so that nothing needs configuring. */
export function localWebhookSecret(authSecret: string): string {
  return `whsec_local_${createHmac("sha256", authSecret).update("local-payment-webhooks").digest("hex")}`;
}

type LocalSubscriptionRow = Omit<LocalSubscriptionTable, "cancel_at_period_end" | "created_at" | "trial_end" | "current_period_end"> & {
  cancel_at_period_end: boolean;
  trial_end: Date | null;
  current_period_end: Date;
};

/** The local provider takes no payment: its subscriptions cost nothing. */
const LOCAL_PRICE: SubscriptionPrice = { unitAmount: 0, currency: "eur", interval: "month", intervalCount: 1 };

/** A Stripe-shaped subscription object, so that local events parse exactly like Stripe's. */
function subscriptionObject(row: LocalSubscriptionRow) {
  return {
    id: row.id,
    object: "subscription",
    customer: row.customer_id,
    status: row.status,
    trial_end: seconds(row.trial_end),
    cancel_at_period_end: row.cancel_at_period_end,
    cancel_at: row.cancel_at_period_end ? seconds(row.current_period_end) : null,
    items: {
      object: "list",
      data: [
        {
          current_period_end: seconds(row.current_period_end),
          price: {
            object: "price",
            unit_amount: LOCAL_PRICE.unitAmount,
            currency: LOCAL_PRICE.currency,
            recurring: { interval: "month", interval_count: 1 },
          },
        },
      ],
    },
    metadata: { userId: row.user_id },
  };
}

function snapshot(row: LocalSubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    trialEnd: row.trial_end,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    userId: row.user_id,
    price: LOCAL_PRICE,
  };
}

/**
 * The built-in provider used when Stripe is not configured: checkout and billing pages served by
 * this app, no payment taken. It keeps its own subscriptions and emits Stripe-format events signed
 * with its secret, which go through the same verification and processing as Stripe's webhooks.
 */
export function localProvider({ db, baseUrl, webhookSecret }: { db: DB; baseUrl: string; webhookSecret: string }): LocalProvider {
  const sign = async (type: string, object: unknown): Promise<SignedEvent> => {
    const Stripe = await loadStripe();
    const payload = JSON.stringify({
      id: `evt_local_${randomUUID()}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  };

  const newest = (userId: string) =>
    db
      .selectFrom("local_subscription")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst() as Promise<LocalSubscriptionRow | undefined>;

  return {
    kind: "local",
    async createCustomer() {
      return `cus_local_${randomUUID()}`;
    },
    async createCheckoutSession({ userId, customerId, trial, teamName, lang, successUrl, cancelUrl }) {
      const id = `cs_local_${randomUUID()}`;
      await db
        .insertInto("local_checkout_session")
        .values({
          id,
          user_id: userId,
          customer_id: customerId,
          trial,
          team_name: teamName,
          success_url: successUrl,
          cancel_url: cancelUrl,
        })
        .execute();
      return { id, url: `${baseUrl}/${lang}/local-payments/checkout/${id}` };
    },
    async createPortalSession({ lang }) {
      return { url: `${baseUrl}/${lang}/local-payments/billing` };
    },
    async retrieveSubscription(id) {
      const row = (await db.selectFrom("local_subscription").selectAll().where("id", "=", id).executeTakeFirst()) as
        | LocalSubscriptionRow
        | undefined;
      if (!row) throw new Error(`Unknown local subscription ${id}`);
      return snapshot(row);
    },
    async cancelSubscription(id) {
      const row = (await db
        .updateTable("local_subscription")
        .set({ status: "canceled", current_period_end: new Date() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst()) as LocalSubscriptionRow | undefined;
      if (!row) throw new Error(`Unknown local subscription ${id}`);
      return snapshot(row);
    },
    verifyEvent(rawBody, signature) {
      return verifyStripeSignature(rawBody, signature, webhookSecret);
    },
    async checkoutSession(id) {
      const row = await db.selectFrom("local_checkout_session").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        userId: row.user_id,
        trial: row.trial,
        teamName: row.team_name,
        status: row.status,
        successUrl: row.success_url,
        cancelUrl: row.cancel_url,
      };
    },
    async confirmCheckout(id) {
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        const session = await trx
          .updateTable("local_checkout_session")
          .set({ status: "complete" })
          .where("id", "=", id)
          .where("status", "=", "open")
          .returningAll()
          .executeTakeFirst();
        if (!session) return [];
        const trialEnd = session.trial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null;
        const row = (await trx
          .insertInto("local_subscription")
          .values({
            id: `sub_local_${randomUUID()}`,
            user_id: session.user_id,
            customer_id: session.customer_id,
            status: session.trial ? "trialing" : "active",
            trial_end: trialEnd,
            current_period_end: trialEnd ?? new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
          })
          .returningAll()
          .executeTakeFirstOrThrow()) as LocalSubscriptionRow;
        const checkout = {
          id: session.id,
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          customer: session.customer_id,
          client_reference_id: session.user_id,
          subscription: row.id,
          metadata: { userId: session.user_id, ...(session.team_name ? { teamName: session.team_name } : {}) },
        };
        return Promise.all([sign("customer.subscription.created", subscriptionObject(row)), sign("checkout.session.completed", checkout)]);
      });
    },
    async subscriptionOf(userId) {
      const row = await newest(userId);
      return row && snapshot(row);
    },
    async setCancelAtPeriodEnd(userId, cancel) {
      const current = await newest(userId);
      if (!current || !["trialing", "active"].includes(current.status)) return undefined;
      const row = (await db
        .updateTable("local_subscription")
        .set({ cancel_at_period_end: cancel })
        .where("id", "=", current.id)
        .returningAll()
        .executeTakeFirstOrThrow()) as LocalSubscriptionRow;
      return sign("customer.subscription.updated", subscriptionObject(row));
    },
  };
}

import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { localWebhookSecret } from "../../server/payments/local-provider.js";
import type { TestServer } from "../support/server.js";
import type { startSmtpCapture } from "../support/smtp.js";

export type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;

// The user fixtures live in tests/support/users.ts; many tests take them from here.
export { json, signedInUser, type TestUser } from "../support/users.js";

/** Posts a Stripe-format event signed with the local provider's secret to its webhook endpoint. */
export async function sendLocalEvent(
  server: TestServer,
  type: string,
  object: unknown,
  created = Math.floor(Date.now() / 1000),
  id = `evt_${randomUUID()}`,
) {
  const payload = JSON.stringify({ id, object: "event", type, created, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: localWebhookSecret(server.config.AUTH_SECRET) });
  return server.fetch("/api/webhooks/local", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

/** A Stripe-shaped subscription object for fixtures. */
export function subscriptionObject(input: {
  id: string;
  customer: string;
  userId: string;
  status: string;
  trialEnd?: Date | null;
  periodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  /** The price billed: cents per interval. */
  price?: { unitAmount: number; currency: string; interval: "month" | "year" };
}) {
  const s = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
  const periodEnd = input.periodEnd ?? input.trialEnd ?? new Date(Date.now() + 30 * 86_400_000);
  return {
    id: input.id,
    object: "subscription",
    customer: input.customer,
    status: input.status,
    trial_end: s(input.trialEnd),
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    items: {
      object: "list",
      data: [
        {
          current_period_end: s(periodEnd),
          ...(input.price && {
            price: {
              object: "price",
              unit_amount: input.price.unitAmount,
              currency: input.price.currency,
              recurring: { interval: input.price.interval, interval_count: 1 },
            },
          }),
        },
      ],
    },
    metadata: { userId: input.userId },
  };
}

export const days = (n: number) => new Date(Date.now() + n * 86_400_000);

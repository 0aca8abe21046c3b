import type { Logger } from "pino";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { type PaymentEvent, type PaymentProvider, WebhookSignatureError } from "../payments/provider.js";
import { applySnapshot, linkCustomer, liveSubscriptionsExcept, userExists, userOfCustomer, viewAndSync } from "./subscription-store.js";

export interface EventDeps {
  db: DB;
  provider: PaymentProvider;
  logger: Logger;
  /** Creates the team named at checkout for its new admin (idempotent). */
  ensureTeam(userId: string, name: string): Promise<void>;
}

export type EventOutcome = "processed" | "duplicate" | "ignored";

async function alreadyProcessed(db: DB, provider: string, id: string) {
  return Boolean(
    await db.selectFrom("billing_event").select("id").where("provider", "=", provider).where("id", "=", id).executeTakeFirst(),
  );
}

async function resolveUser(db: DB, provider: string, customerId: string, claimed: string | null) {
  const linked = customerId ? await userOfCustomer(db, provider, customerId) : undefined;
  if (linked) return linked;
  if (claimed && (await userExists(db, claimed))) {
    if (customerId) await linkCustomer(db, provider, claimed, customerId);
    return claimed;
  }
  return undefined;
}

async function verified(provider: PaymentProvider, rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
  try {
    return await provider.verifyEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError("badSignature");
    throw error;
  }
}

/**
 * Processes one signed webhook body, for Stripe and the local provider alike. Each step is
 * idempotent and the event id is stored last, so a redelivery after a failure completes the work
 * and a redelivery after success changes nothing.
 */
export async function processWebhook(deps: EventDeps, rawBody: string, signature: string | undefined): Promise<EventOutcome> {
  const { db, provider, logger } = deps;
  const event = await verified(provider, rawBody, signature);
  if (await alreadyProcessed(db, provider.kind, event.id)) return "duplicate";

  let outcome: EventOutcome = "ignored";
  if (event.checkout) {
    const { customerId, subscriptionId, teamName } = event.checkout;
    const userId = await resolveUser(db, provider.kind, customerId, event.checkout.userId);
    if (userId) {
      if (subscriptionId) {
        // The session does not carry the subscription's state: read it now, as of now.
        const snap = await provider.retrieveSubscription(subscriptionId);
        await applySnapshot(db, provider.kind, userId, snap, Math.floor(Date.now() / 1000));
        // A new subscription replaces an earlier one (a trial converted early): end the old one so nobody pays twice.
        for (const oldId of await liveSubscriptionsExcept(db, provider.kind, userId, subscriptionId)) {
          await applySnapshot(db, provider.kind, userId, await provider.cancelSubscription(oldId), Math.floor(Date.now() / 1000));
        }
      }
      await viewAndSync(db, userId);
      if (teamName) await deps.ensureTeam(userId, teamName);
      outcome = "processed";
    }
  } else if (event.subscription) {
    const snap = event.subscription;
    const userId = await resolveUser(db, provider.kind, snap.customerId, snap.userId);
    if (userId) {
      await applySnapshot(db, provider.kind, userId, snap, event.created);
      await viewAndSync(db, userId);
      outcome = "processed";
    }
  }
  if (outcome === "ignored") logger.info({ eventId: event.id, type: event.type }, "payment event ignored");

  await db
    .insertInto("billing_event")
    .values({ provider: provider.kind, id: event.id, type: event.type })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return outcome;
}

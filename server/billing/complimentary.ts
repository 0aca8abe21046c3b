import { randomUUID } from "node:crypto";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { viewAndSync } from "./subscription-store.js";

/**
 * A complimentary pro plan is a subscription source of its own (docs/decisions/081): a row in
 * `billing_subscription` under the provider "complimentary", which no payment provider's events
 * touch. It is active until its end date (stored as the period's end, ending there) or until an
 * operator ends it; the user's billing fields then follow through the same view as every other
 * subscription, so the view and the webhooks stay the only writers of subscription state.
 */
export const COMPLIMENTARY_PROVIDER = "complimentary";

const live = ["active"];

/** The user's running complimentary plan, if any. */
async function runningPlan(db: DB, userId: string) {
  return db
    .selectFrom("billing_subscription")
    .select(["id", "current_period_end"])
    .where("provider", "=", COMPLIMENTARY_PROVIDER)
    .where("user_id", "=", userId)
    .where("status", "in", live)
    .where((eb) => eb.or([eb("current_period_end", "is", null), eb("current_period_end", ">", new Date())]))
    .executeTakeFirst();
}

/**
 * Grants pro without payment, until `endsAt` or until ended; a running grant is replaced by the new
 * one. Run it in a transaction (the console's change runs it in one with its audit entry).
 */
export async function grantComplimentary(db: DB, userId: string, endsAt: Date | null, now = new Date()) {
  await db
    .updateTable("billing_subscription")
    .set({ status: "canceled", current_period_end: now, cancel_at_period_end: false, state_at: now.getTime(), updated_at: now })
    .where("provider", "=", COMPLIMENTARY_PROVIDER)
    .where("user_id", "=", userId)
    .where("status", "in", live)
    .execute();
  await db
    .insertInto("billing_subscription")
    .values({
      provider: COMPLIMENTARY_PROVIDER,
      id: `comp_${randomUUID()}`,
      user_id: userId,
      customer_id: COMPLIMENTARY_PROVIDER,
      status: "active",
      trial_end: null,
      current_period_end: endsAt,
      cancel_at_period_end: endsAt !== null,
      state_at: now.getTime(),
      updated_at: now,
    })
    .execute();
  return viewAndSync(db, userId, now);
}

/** Ends the running complimentary plan now; pro stays only when a paid subscription gives it. */
export async function endComplimentary(db: DB, userId: string, now = new Date()) {
  const plan = await runningPlan(db, userId);
  if (!plan) throw new AppError("noComplimentaryPlan");
  await db
    .updateTable("billing_subscription")
    .set({ status: "canceled", current_period_end: now, cancel_at_period_end: false, state_at: now.getTime(), updated_at: now })
    .where("provider", "=", COMPLIMENTARY_PROVIDER)
    .where("id", "=", plan.id)
    .execute();
  return viewAndSync(db, userId, now);
}

/** The running complimentary plan's end (null: without end), or undefined when there is none. */
export async function complimentaryEnd(db: DB, userId: string): Promise<string | null | undefined> {
  const plan = await runningPlan(db, userId);
  if (!plan) return undefined;
  return plan.current_period_end ? new Date(plan.current_period_end).toISOString() : null;
}

import { sql } from "kysely";
import type { PlanType } from "../../core/plans.js";
import type { DB } from "../db/database.js";
import type { SubscriptionSnapshot } from "../payments/provider.js";
import { type StoredSubscription, subscriptionView } from "./subscription-view.js";

/** A provider never revives a subscription from these states, so older events must not either. */
const FINAL_STATUSES = ["canceled", "incomplete_expired"];

export async function customerOf(db: DB, provider: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("billing_customer")
    .select("customer_id")
    .where("provider", "=", provider)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.customer_id;
}

export async function linkCustomer(db: DB, provider: string, userId: string, customerId: string): Promise<void> {
  await db
    .insertInto("billing_customer")
    .values({ provider, user_id: userId, customer_id: customerId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function userOfCustomer(db: DB, provider: string, customerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("billing_customer")
    .select("user_id")
    .where("provider", "=", provider)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return row?.user_id;
}

export async function userExists(db: DB, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst());
}

/**
 * Stores a provider's subscription state unless a newer one (by provider time) is already stored:
 * events may arrive late, twice, or out of order.
 */
export async function applySnapshot(db: DB, provider: string, userId: string, snap: SubscriptionSnapshot, stateAt: number) {
  const values = {
    status: snap.status,
    trial_end: snap.trialEnd,
    current_period_end: snap.currentPeriodEnd,
    cancel_at_period_end: snap.cancelAtPeriodEnd,
    // A snapshot without a price keeps the one stored.
    ...(snap.price
      ? {
          unit_amount: snap.price.unitAmount,
          currency: snap.price.currency,
          interval: snap.price.interval,
          interval_count: snap.price.intervalCount,
        }
      : {}),
    state_at: stateAt,
    updated_at: new Date(),
  };
  await db
    .insertInto("billing_subscription")
    .values({
      provider,
      id: snap.id,
      user_id: userId,
      customer_id: snap.customerId,
      ...values,
      trial_started_at: snap.status === "trialing" ? values.updated_at : null,
    })
    .onConflict((oc) =>
      oc
        .columns(["provider", "id"])
        .doUpdateSet({
          ...values,
          // The overview's milestones (docs/decisions/084): a trial starts when a subscription first
          // turns trialing, and converts when a trialing one turns active; each stamped once.
          trial_started_at: sql<Date | null>`coalesce(billing_subscription.trial_started_at,
            case when excluded.status = 'trialing' and billing_subscription.status <> 'trialing' then excluded.updated_at end)`,
          converted_at: sql<Date | null>`coalesce(billing_subscription.converted_at,
            case when excluded.status = 'active' and billing_subscription.status = 'trialing' then excluded.updated_at end)`,
        })
        .where("billing_subscription.state_at", "<=", stateAt)
        .where("billing_subscription.status", "not in", FINAL_STATUSES),
    )
    .execute();
}

/**
 * The subscription that decides the user's plan: a live one first (one set to end at a period end
 * that has passed is no longer live), then the most recently changed.
 */
export async function currentSubscription(db: DB, userId: string): Promise<(StoredSubscription & { provider: string; id: string }) | null> {
  const row = await db
    .selectFrom("billing_subscription")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy(
      sql`case when status in ('trialing', 'active', 'incomplete', 'past_due', 'unpaid')
        and not (cancel_at_period_end and current_period_end <= now()) then 0 else 1 end`,
    )
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    provider: row.provider,
    id: row.id,
    status: row.status,
    trialEnd: row.trial_end,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
  };
}

/** The user's other subscriptions at this provider that still run or may still charge. */
export async function liveSubscriptionsExcept(db: DB, provider: string, userId: string, keepId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("billing_subscription")
    .select("id")
    .where("provider", "=", provider)
    .where("user_id", "=", userId)
    .where("id", "!=", keepId)
    .where("status", "in", ["trialing", "active", "incomplete", "past_due", "unpaid"])
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The subscription view, computed now from stored state. The user's public billing fields follow
 * it, so that a trial that ran out is also reflected there on the next read.
 */
export async function viewAndSync(db: DB, userId: string, now = new Date()) {
  const sub = await currentSubscription(db, userId);
  const user = await db
    .selectFrom("user")
    .select(["planType", "activeSubscription", "subscriptionStatus", "trialEndsAt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const planType: PlanType = sub ? "pro" : user.planType === "pro" ? "pro" : "individual";
  const view = subscriptionView(sub, planType, now);
  const trialEndsAt = view.trialEndDate ? new Date(view.trialEndDate) : null;
  const changed =
    user.planType !== planType ||
    user.activeSubscription !== view.active ||
    user.subscriptionStatus !== view.status ||
    (user.trialEndsAt ? new Date(user.trialEndsAt).getTime() : null) !== (trialEndsAt?.getTime() ?? null);
  if (changed) {
    await db
      .updateTable("user")
      .set({ planType, activeSubscription: view.active, subscriptionStatus: view.status, trialEndsAt, updatedAt: now })
      .where("id", "=", userId)
      .execute();
  }
  return view;
}

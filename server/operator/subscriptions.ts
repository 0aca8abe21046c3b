import { sql } from "kysely";
import {
  OPERATOR_PAGE_SIZE,
  type OperatorSubscription,
  type Paged,
  SUBSCRIPTION_STATUSES,
  type SubscriptionFigures,
  type SubscriptionStatus,
  TRIAL_ENDING_DAYS,
} from "../../core/operator.js";
import type { DB } from "../db/database.js";

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** Months per billing interval, to turn a price into its monthly share. */
const PER_MONTH: Record<string, number> = { day: 365 / 12, week: 52 / 12, month: 1, year: 1 / 12 };

/**
 * Subscriptions as stored from the providers' events, newest change first: all, those in one
 * status, or the trials that end within the next days.
 */
export async function listSubscriptions(
  db: DB,
  opts: { status?: SubscriptionStatus; trialsEnding?: boolean; page: number },
  now = new Date(),
): Promise<Paged<OperatorSubscription>> {
  let base = db.selectFrom("billing_subscription as s").innerJoin("user as u", "u.id", "s.user_id");
  if (opts.status) base = base.where("s.status", "=", opts.status);
  if (opts.trialsEnding) {
    base = base
      .where("s.status", "=", "trialing")
      .where("s.trial_end", ">=", now)
      .where("s.trial_end", "<=", new Date(now.getTime() + TRIAL_ENDING_DAYS * 86_400_000));
  }
  const { total } = (await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst()) ?? { total: 0 };
  const rows = await base
    .select([
      "s.provider",
      "s.id",
      "s.status",
      "s.trial_end",
      "s.current_period_end",
      "s.cancel_at_period_end",
      "s.unit_amount",
      "s.currency",
      "s.interval",
      "s.interval_count",
      "s.updated_at",
      "u.id as user_id",
      "u.email",
      "u.name",
    ])
    .orderBy(opts.trialsEnding ? "s.trial_end" : "s.updated_at", opts.trialsEnding ? "asc" : "desc")
    .orderBy("s.id")
    .limit(OPERATOR_PAGE_SIZE)
    .offset((opts.page - 1) * OPERATOR_PAGE_SIZE)
    .execute();
  return {
    items: rows.map((r) => ({
      provider: r.provider,
      id: r.id,
      status: r.status,
      userId: r.user_id,
      email: r.email,
      name: r.name,
      trialEnd: iso(r.trial_end),
      currentPeriodEnd: iso(r.current_period_end),
      cancelAtPeriodEnd: r.cancel_at_period_end,
      price:
        r.unit_amount !== null && r.currency && r.interval
          ? { unitAmount: r.unit_amount, currency: r.currency, interval: r.interval, intervalCount: r.interval_count ?? 1 }
          : null,
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
    total: Number(total),
    page: opts.page,
    pageSize: OPERATOR_PAGE_SIZE,
  };
}

/**
 * How many subscriptions are in each status, how many trials end soon, and the monthly recurring
 * revenue per currency: the stored prices of active and past-due subscriptions (those still billed),
 * each turned into its monthly share. Trials pay nothing yet and count apart.
 */
export async function subscriptionFigures(db: DB, now = new Date()): Promise<SubscriptionFigures> {
  const [byStatus, ending, billed] = await Promise.all([
    db
      .selectFrom("billing_subscription")
      .select(["status", sql<number>`count(*)::int`.as("n")])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("billing_subscription")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("status", "=", "trialing")
      .where("trial_end", ">=", now)
      .where("trial_end", "<=", new Date(now.getTime() + TRIAL_ENDING_DAYS * 86_400_000))
      .executeTakeFirst(),
    db
      .selectFrom("billing_subscription")
      .select(["unit_amount", "currency", "interval", "interval_count"])
      .where("status", "in", ["active", "past_due"])
      .where("unit_amount", "is not", null)
      .execute(),
  ]);
  const counts = Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, 0])) as Record<SubscriptionStatus, number>;
  for (const row of byStatus) if (row.status in counts) counts[row.status as SubscriptionStatus] = Number(row.n);
  const mrr: Record<string, number> = {};
  for (const row of billed) {
    const monthly = ((row.unit_amount ?? 0) * (PER_MONTH[row.interval ?? "month"] ?? 1)) / (row.interval_count ?? 1);
    const currency = row.currency ?? "eur";
    mrr[currency] = (mrr[currency] ?? 0) + monthly;
  }
  return {
    counts,
    trialsEnding: Number(ending?.n ?? 0),
    monthlyRecurringRevenue: Object.entries(mrr)
      .map(([currency, amount]) => ({ currency, amount: Math.round(amount) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

import { sql } from "kysely";
import { DAILY_FIGURES, type DailyFigure, type OperatorDaily, type OperatorOverview, type OverviewRange } from "../../core/operator.js";
import type { DB } from "../db/database.js";

const count = (row: { n: number | string } | undefined) => Number(row?.n ?? 0);

/** The overview's figures, each one indexed count. */
export async function overview(db: DB): Promise<OperatorOverview> {
  const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
  const [users, newUsers, teams, active, trialing, contacts] = await Promise.all([
    db.selectFrom("user").select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
    db.selectFrom("user").select(sql<number>`count(*)`.as("n")).where("createdAt", ">=", since).executeTakeFirst(),
    db.selectFrom("organization").select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
    db.selectFrom("billing_subscription").select(sql<number>`count(*)`.as("n")).where("status", "=", "active").executeTakeFirst(),
    db.selectFrom("billing_subscription").select(sql<number>`count(*)`.as("n")).where("status", "=", "trialing").executeTakeFirst(),
    db.selectFrom("contact_request").select(sql<number>`count(*)`.as("n")).where("status", "!=", "spam").executeTakeFirst(),
  ]);
  return {
    users: count(users),
    newUsers30Days: count(newUsers),
    teams: count(teams),
    activeSubscriptions: count(active),
    trialing: count(trialing),
    contactRequests: count(contacts),
  };
}

const DAY = 86_400_000;

/**
 * Each figure per UTC day for the last `days` days, today included, days without any as 0
 * (definitions in docs/decisions/084). Every count is a range scan on an indexed time column.
 */
export async function dailyFigures(db: DB, days: OverviewRange, now = new Date()): Promise<OperatorDaily> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY);
  const perDay = <T extends string>(column: T) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [signUps, trialsStarted, trialsConverted, contactRequests] = await Promise.all([
    db
      .selectFrom("user")
      .select([perDay("createdAt").as("day"), sql<number>`count(*)`.as("n")])
      .where("createdAt", ">=", since)
      .groupBy("day")
      .execute(),
    db
      .selectFrom("billing_subscription")
      .select([perDay("trial_started_at").as("day"), sql<number>`count(*)`.as("n")])
      .where("trial_started_at", ">=", since)
      .groupBy("day")
      .execute(),
    db
      .selectFrom("billing_subscription")
      .select([perDay("converted_at").as("day"), sql<number>`count(*)`.as("n")])
      .where("converted_at", ">=", since)
      .groupBy("day")
      .execute(),
    db
      .selectFrom("contact_request")
      .select([perDay("created_at").as("day"), sql<number>`count(*)`.as("n")])
      .where("created_at", ">=", since)
      .where("status", "!=", "spam")
      .groupBy("day")
      .execute(),
  ]);
  const counts: Record<DailyFigure, Map<string, number>> = {
    signUps: new Map(signUps.map((r) => [r.day, Number(r.n)])),
    trialsStarted: new Map(trialsStarted.map((r) => [r.day, Number(r.n)])),
    trialsConverted: new Map(trialsConverted.map((r) => [r.day, Number(r.n)])),
    contactRequests: new Map(contactRequests.map((r) => [r.day, Number(r.n)])),
  };
  const series = Array.from({ length: days }, (_, i) => {
    const day = new Date(since.getTime() + i * DAY).toISOString().slice(0, 10);
    return { day, ...Object.fromEntries(DAILY_FIGURES.map((f) => [f, counts[f].get(day) ?? 0])) } as OperatorDaily["series"][number];
  });
  return { days, timeZone: "UTC", series };
}

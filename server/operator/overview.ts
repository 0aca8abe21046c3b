import { sql } from "kysely";
import type { OperatorOverview } from "../../core/operator.js";
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

import { type Kysely, sql } from "kysely";

/**
 * The price a subscription is billed at, as the provider reports it, so the operator console can
 * sum monthly recurring revenue without asking the provider (docs/decisions/070).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table billing_subscription add column unit_amount integer, add column currency text, add column "interval" text, add column interval_count integer`.execute(
    db,
  );
  await sql`create index billing_subscription_status_idx on billing_subscription (status, trial_end)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index billing_subscription_status_idx`.execute(db);
  await sql`alter table billing_subscription drop column unit_amount, drop column currency, drop column "interval", drop column interval_count`.execute(
    db,
  );
}

import { type Kysely, sql } from "kysely";

/**
 * When a subscription's trial started and when it turned from trial into a paid one, stamped as
 * the server stores the change, so the operator console can count both per day (docs/decisions/084).
 * Rows stored before this have no stamps: their history is unknown and they are not counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table billing_subscription add column trial_started_at timestamptz, add column converted_at timestamptz`.execute(db);
  await sql`create index billing_subscription_trial_started on billing_subscription (trial_started_at) where trial_started_at is not null`.execute(
    db,
  );
  await sql`create index billing_subscription_converted on billing_subscription (converted_at) where converted_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index billing_subscription_trial_started, billing_subscription_converted`.execute(db);
  await sql`alter table billing_subscription drop column trial_started_at, drop column converted_at`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * Data exports are jobs of the one job runner (docs/decisions/010), with the same columns as the
 * outbox's mails: a failed export waits for its retry time instead of being claimed again at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_export add column next_attempt_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_export drop column next_attempt_at`.execute(db);
}

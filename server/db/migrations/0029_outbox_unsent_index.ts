import { type Kysely, sql } from "kysely";

/**
 * The outbox is claimed oldest first through an index of its unsent mails in id order. The index on
 * `next_attempt_at` let the planner, whose statistics lag a burst of new mails (autovacuum analyses
 * after a minute, the embedded database never does), fetch and sort every due mail to keep twenty:
 * a claim took 60 ms with 30,000 mails waiting. In id order it reads twenty (docs/decisions/140).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index mail_outbox_unsent_idx on mail_outbox (id) where sent_at is null;
    drop index mail_outbox_due_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null;
    drop index mail_outbox_unsent_idx;
  `.execute(db);
}

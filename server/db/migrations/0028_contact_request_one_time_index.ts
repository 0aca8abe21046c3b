import { type Kysely, sql } from "kysely";

/**
 * contact_request had two indexes on its time: `(created_at)` from 0002_contact and
 * `(created_at desc, id)` from 0018_contact_handling, which serves every query the first did.
 * Each accepted contact request wrote both; it now writes one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists contact_request_created_at_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists contact_request_created_at_idx on contact_request (created_at)`.execute(db);
}

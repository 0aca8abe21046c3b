import { type Kysely, sql } from "kysely";

/** The optional free-text message of a contact request (at most 2,000 characters, checked by the API). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_request add column message text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_request drop column message`.execute(db);
}

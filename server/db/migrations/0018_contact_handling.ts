import { type Kysely, sql } from "kysely";

/** Operators mark contact requests handled, with a note, in the console (docs/decisions/070). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_request add column handled_at timestamptz, add column handled_by text, add column handled_note text`.execute(
    db,
  );
  await sql`create index contact_request_created_at on contact_request (created_at desc, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index contact_request_created_at`.execute(db);
  await sql`alter table contact_request drop column handled_at, drop column handled_by, drop column handled_note`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * The profile: a username (stored lower-case by Better Auth's username plugin, so the unique index
 * makes it unique whatever its case; the display form keeps the case typed), and stored images
 * (profile images, later team logos) in the database, where every instance reads them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" add column "username" text unique, add column "displayUsername" text`.execute(db);
  await sql`
    create table stored_image (
      id text primary key,
      content_type text not null,
      byte_size integer not null,
      data bytea not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stored_image`.execute(db);
  await sql`alter table "user" drop column "username", drop column "displayUsername"`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * The console's team search (trigram indexes on the team's name and slug, as for users in
 * 0017_operator) and users' data exports: an archive prepared in the background, fetched once
 * through a mailed link of which only the SHA-256 is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index organization_name_trgm on organization using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`create index organization_slug_trgm on organization using gin (lower(slug) gin_trgm_ops)`.execute(db);
  await sql`create index organization_created_at on organization ("createdAt", id)`.execute(db);
  await sql`
    create table data_export (
      id text primary key,
      user_id text not null references "user" (id) on delete cascade,
      requested_by text,
      language text not null,
      status text not null default 'pending' check (status in ('pending', 'ready', 'downloaded', 'expired', 'failed')),
      attempts integer not null default 0,
      locked_until timestamptz,
      last_error text,
      archive text,
      token_hash text unique,
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      ready_at timestamptz,
      downloaded_at timestamptz
    )`.execute(db);
  await sql`create index data_export_due on data_export (status, created_at) where status = 'pending'`.execute(db);
  await sql`create index data_export_user on data_export (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table data_export`.execute(db);
  await sql`drop index organization_name_trgm, organization_slug_trgm, organization_created_at`.execute(db);
}

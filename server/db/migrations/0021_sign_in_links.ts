import { type Kysely, sql } from "kysely";

/**
 * Sign-in by e-mailed link (docs/decisions/072): one row per request, holding the state the
 * requesting page and the link's page both read. Only the link token's hash is stored; a request
 * for an address without a verified account gets a row too (no user, no mail), so the answers
 * look alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sign_in_link (
    id text primary key,
    user_id text references "user" ("id") on delete cascade,
    email text not null,
    language text not null,
    token_hash text not null unique,
    status text not null default 'pending' check (status in ('pending', 'verified', 'used')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    verified_at timestamptz,
    used_at timestamptz
  )`.execute(db);
  await sql`create index sign_in_link_expires_at_idx on sign_in_link (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_link`.execute(db);
}

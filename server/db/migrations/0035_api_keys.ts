import { type Kysely, sql } from "kysely";

/**
 * API keys (docs/decisions/094): a personal key belongs to its user, a team key to its team and is
 * made by one of its admins. Only the SHA-256 of a key is stored, with its first characters to
 * recognise it. A key goes with its owner (user, team) and with the admin who made a team key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_key (
      id text primary key,
      name text not null,
      user_id text references "user"(id) on delete cascade,
      organization_id text references organization(id) on delete cascade,
      created_by text not null references "user"(id) on delete cascade,
      scopes text not null,
      key_hash text not null unique,
      start text not null,
      expires_at timestamptz,
      last_used_at timestamptz,
      created_at timestamptz not null default now(),
      constraint api_key_one_owner check ((user_id is null) <> (organization_id is null))
    );
    create index api_key_user_idx on api_key (user_id) where user_id is not null;
    create index api_key_organization_idx on api_key (organization_id) where organization_id is not null;
    create index api_key_created_by_idx on api_key (created_by);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_key`.execute(db);
}

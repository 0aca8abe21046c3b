import { type Kysely, sql } from "kysely";

/**
 * Provisioning from a team's directory over SCIM 2.0 (docs/decisions/100, 101): the team's bearer
 * tokens (only their SHA-256 and first characters are stored), and the people the directory
 * provisioned, each the link between one account and one team with the directory's own names for
 * it (`userName`, `externalId`) and whether the directory has it active.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scim_token (
      id text primary key,
      organization_id text not null references organization (id) on delete cascade,
      token_hash text not null unique,
      start text not null,
      last_used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index scim_token_team on scim_token (organization_id)`.execute(db);
  await sql`
    create table scim_user (
      id text primary key,
      organization_id text not null references organization (id) on delete cascade,
      user_id text not null references "user" (id) on delete cascade,
      user_name text not null,
      external_id text,
      active boolean not null default true,
      made_account boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (organization_id, user_id)
    )`.execute(db);
  await sql`create unique index scim_user_team_name on scim_user (organization_id, lower(user_name))`.execute(db);
  await sql`create index scim_user_user on scim_user (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table scim_user`.execute(db);
  await sql`drop table scim_token`.execute(db);
}

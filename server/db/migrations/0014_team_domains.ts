import { type Kysely, sql } from "kysely";

/**
 * Verified domains of teams and the membership requests they lead to: a domain is verified by one
 * team at most; a user has at most one pending request per team.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table team_domain (
      id text primary key,
      organization_id text not null references "organization" ("id") on delete cascade,
      domain text not null,
      enrollment_mode text not null default 'none',
      verified_at timestamptz,
      verification_email text,
      code_hash text,
      code_expires_at timestamptz,
      code_attempts integer not null default 0,
      created_at timestamptz not null default now(),
      unique (organization_id, domain)
    )`.execute(db);
  await sql`create unique index team_domain_verified_key on team_domain (domain) where verified_at is not null`.execute(db);
  await sql`
    create table membership_request (
      id text primary key,
      organization_id text not null references "organization" ("id") on delete cascade,
      user_id text not null references "user" ("id") on delete cascade,
      status text not null default 'pending',
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      decided_by text
    )`.execute(db);
  await sql`create unique index membership_request_pending_key on membership_request (organization_id, user_id) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table membership_request`.execute(db);
  await sql`drop table team_domain`.execute(db);
}

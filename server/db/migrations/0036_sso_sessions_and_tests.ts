import { type Kysely, sql } from "kysely";

/**
 * Enterprise sign-in, continued (docs/decisions/103). A session made through a team's connection
 * names it, so enforcing the connection ends the other sessions only. A test of a connection (an
 * admin's sign-in at the provider that signs nobody in) keeps its outcome for its result page.
 * No reference to `sso_connection`: this migration runs before the one that creates it on a new
 * database; a test outlives its connection by minutes at most.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "session" add column "ssoConnectionId" text`.execute(db);
  await sql`
    create table sso_test (
      id text primary key,
      organization_id text not null references organization (id) on delete cascade,
      connection_id text not null,
      user_id text not null references "user" (id) on delete cascade,
      outcome jsonb,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sso_test_expires on sso_test (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sso_test`.execute(db);
  await sql`alter table "session" drop column "ssoConnectionId"`.execute(db);
}

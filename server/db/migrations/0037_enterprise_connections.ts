import { type Kysely, sql } from "kysely";

/**
 * Enterprise sign-in (docs/decisions/096): a team's connections to its identity provider, the
 * domains each one serves (a domain belongs to one connection at most), and the sign-ins under way,
 * kept in the database so that one started on one instance completes on another. The link between
 * an account and its identity at the provider is a row of the identity library's `account` table
 * (provider `sso:{connection id}`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sso_connection (
      id text primary key,
      organization_id text not null references organization (id) on delete cascade,
      kind text not null check (kind in ('oidc', 'saml')),
      state text not null default 'draft' check (state in ('draft', 'active', 'enforced')),
      default_role text not null default 'member' check (default_role in ('member', 'guest')),
      provisioning boolean not null default true,
      oidc_issuer text,
      oidc_client_id text,
      oidc_client_secret text,
      oidc_metadata jsonb,
      disabled_at timestamptz,
      last_used_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sso_connection_team on sso_connection (organization_id)`.execute(db);
  await sql`
    create table sso_connection_domain (
      connection_id text not null references sso_connection (id) on delete cascade,
      domain text not null unique,
      primary key (connection_id, domain)
    )`.execute(db);
  await sql`
    create table sso_attempt (
      id text primary key,
      connection_id text not null references sso_connection (id) on delete cascade,
      lang text not null,
      code_verifier text,
      nonce text,
      user_id text references "user" (id) on delete cascade,
      subject text,
      email text,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sso_attempt_expires on sso_attempt (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sso_attempt`.execute(db);
  await sql`drop table sso_connection_domain`.execute(db);
  await sql`drop table sso_connection`.execute(db);
}

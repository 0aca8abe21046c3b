import { type Kysely, sql } from "kysely";

/**
 * SAML 2.0 connections beside OpenID Connect ones (docs/decisions/102): the identity provider's
 * metadata as saved (and the address it was read from), the parts a sign-in needs from it, the
 * AuthnRequest a sign-in under way waits an answer to and the verified person the answer named,
 * and the assertions already used, remembered until they expire so that none is accepted twice,
 * whichever instance receives it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sso_connection add column saml_entity_id text`.execute(db);
  await sql`alter table sso_connection add column saml_sso_url text`.execute(db);
  await sql`alter table sso_connection add column saml_metadata text`.execute(db);
  await sql`alter table sso_connection add column saml_metadata_url text`.execute(db);
  await sql`alter table sso_attempt add column saml_request_id text`.execute(db);
  await sql`alter table sso_attempt add column saml_identity jsonb`.execute(db);
  await sql`
    create table saml_assertion (
      connection_id text not null references sso_connection (id) on delete cascade,
      assertion_id text not null,
      expires_at timestamptz not null,
      primary key (connection_id, assertion_id)
    )`.execute(db);
  await sql`create index saml_assertion_expires on saml_assertion (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table saml_assertion`.execute(db);
  await sql`alter table sso_attempt drop column saml_identity`.execute(db);
  await sql`alter table sso_attempt drop column saml_request_id`.execute(db);
  await sql`alter table sso_connection drop column saml_metadata_url`.execute(db);
  await sql`alter table sso_connection drop column saml_metadata`.execute(db);
  await sql`alter table sso_connection drop column saml_sso_url`.execute(db);
  await sql`alter table sso_connection drop column saml_entity_id`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * The operator console: the identity library's admin fields (the operator role, bans, who
 * impersonates a session), the audit log of operator actions, and the indexes its user search
 * runs on (trigram indexes answer both "starts with" and "contains" on e-mail and name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" add column "role" text, add column "banned" boolean default false, add column "banReason" text, add column "banExpires" timestamptz`.execute(
    db,
  );
  await sql`alter table "session" add column "impersonatedBy" text`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index user_email_trgm on "user" using gin (lower(email) gin_trgm_ops)`.execute(db);
  await sql`create index user_name_trgm on "user" using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`create index user_created_at on "user" ("createdAt", id)`.execute(db);
  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      "actorId" text,
      "actorEmail" text,
      action text not null,
      "targetType" text not null,
      "targetId" text,
      "targetLabel" text,
      "ipHash" text,
      outcome text not null,
      details jsonb
    )`.execute(db);
  await sql`create index audit_log_at on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_target on audit_log ("targetType", "targetId", at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_log`.execute(db);
  await sql`drop index user_email_trgm, user_name_trgm, user_created_at`.execute(db);
  await sql`alter table "session" drop column "impersonatedBy"`.execute(db);
  await sql`alter table "user" drop column "role", drop column "banned", drop column "banReason", drop column "banExpires"`.execute(db);
}

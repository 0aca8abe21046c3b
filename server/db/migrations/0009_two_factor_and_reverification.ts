import { type Kysely, sql } from "kysely";

/**
 * Better Auth's twoFactor plugin (the user's flag and the table of secrets and backup codes, as its
 * own migration helper generates them) and the time a session last proved its owner again
 * (server/auth/reverification.ts), removed with the session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user" add column "twoFactorEnabled" boolean default false;
    create table "twoFactor" ("id" text not null primary key, "secret" text not null, "backupCodes" text not null,
      "userId" text not null references "user" ("id") on delete cascade, "verified" boolean default true,
      "failedVerificationCount" integer default 0, "lockedUntil" timestamptz);
    create index "twoFactor_secret_idx" on "twoFactor" ("secret");
    create index "twoFactor_userId_idx" on "twoFactor" ("userId");
    create table session_reverification (
      session_id text not null primary key references "session" ("id") on delete cascade,
      verified_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table session_reverification;
    drop table "twoFactor";
    alter table "user" drop column "twoFactorEnabled";
  `.execute(db);
}

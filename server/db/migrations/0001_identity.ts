import { type Kysely, sql } from "kysely";

/** Better Auth's tables (email + password, email OTP, organizations) and the development mailbox (`dev_mailbox` since 0005_mail). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique,
      "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
      "updatedAt" timestamptz default CURRENT_TIMESTAMP not null, "locale" text);
    create table "session" ("id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique,
      "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null, "ipAddress" text,
      "userAgent" text, "userId" text not null references "user" ("id") on delete cascade, "activeOrganizationId" text);
    create table "account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null,
      "userId" text not null references "user" ("id") on delete cascade, "accessToken" text, "refreshToken" text,
      "idToken" text, "accessTokenExpiresAt" timestamptz, "refreshTokenExpiresAt" timestamptz, "scope" text,
      "password" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null);
    create table "verification" ("id" text not null primary key, "identifier" text not null, "value" text not null,
      "expiresAt" timestamptz not null, "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
      "updatedAt" timestamptz default CURRENT_TIMESTAMP not null);
    create table "organization" ("id" text not null primary key, "name" text not null, "slug" text not null unique,
      "logo" text, "createdAt" timestamptz not null, "metadata" text);
    create table "member" ("id" text not null primary key,
      "organizationId" text not null references "organization" ("id") on delete cascade,
      "userId" text not null references "user" ("id") on delete cascade, "role" text not null, "createdAt" timestamptz not null);
    create table "invitation" ("id" text not null primary key,
      "organizationId" text not null references "organization" ("id") on delete cascade, "email" text not null,
      "role" text, "status" text not null, "expiresAt" timestamptz not null,
      "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
      "inviterId" text not null references "user" ("id") on delete cascade);
    create index "session_userId_idx" on "session" ("userId");
    create index "account_userId_idx" on "account" ("userId");
    create index "verification_identifier_idx" on "verification" ("identifier");
    create index "member_organizationId_idx" on "member" ("organizationId");
    create index "member_userId_idx" on "member" ("userId");
    create index "invitation_organizationId_idx" on "invitation" ("organizationId");
    create index "invitation_email_idx" on "invitation" ("email");
    create table dev_mail (id bigint generated always as identity primary key, "to" text not null, subject text not null,
      text text not null, html text not null, reply_to text, created_at timestamptz not null default now());
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dev_mail, "invitation", "member", "organization", "verification", "account", "session", "user"`.execute(db);
}

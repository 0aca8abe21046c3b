import { type Kysely, sql } from "kysely";

/**
 * Phone numbers (docs/decisions/074-phone-numbers.md): an account's numbers, unique among verified
 * numbers across all accounts, at most one primary per account; the codes sent to them by text
 * message (only a hash is kept); whether the account takes a text message code as its second
 * step; and the development SMS outbox, where text messages go when no SMS provider is configured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table phone_number (
      id text not null primary key,
      user_id text not null references "user" ("id") on delete cascade,
      phone_number text not null,
      verified boolean not null default false,
      is_primary boolean not null default false,
      created_at timestamptz not null default now(),
      verified_at timestamptz
    );
    create unique index phone_number_user_number_idx on phone_number (user_id, phone_number);
    create unique index phone_number_verified_idx on phone_number (phone_number) where verified;
    create unique index phone_number_primary_idx on phone_number (user_id) where is_primary;
    create table phone_code (
      key text not null primary key,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null
    );
    alter table "user" add column "smsTwoFactorEnabled" boolean default false;
    create table dev_sms_outbox (
      id serial primary key,
      "to" text not null,
      body text not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table dev_sms_outbox;
    alter table "user" drop column "smsTwoFactorEnabled";
    drop table phone_code;
    drop table phone_number;
  `.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * An account's further e-mail addresses and its Web3 wallets (docs/decisions/076, 078).
 *
 * An address belongs to one account only, whether it is an account's primary address (`user`) or a
 * verified further one (`user_email`): each table has its unique index, and a trigger on each
 * refuses a value the other table holds, with PostgreSQL's unique-violation code, under a
 * transaction lock on the address so two concurrent writers cannot both pass the check. A further
 * address waiting for its code claims nothing, so nobody can block another person's address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table "user_email" (
      "id" text not null primary key,
      "userId" text not null references "user" ("id") on delete cascade,
      "email" text not null,
      "normalizedEmail" text not null,
      "verifiedAt" timestamptz,
      "createdAt" timestamptz not null default now()
    );
    create unique index "user_email_user_address_key" on "user_email" ("userId", "normalizedEmail");
    create unique index "user_email_verified_key" on "user_email" ("normalizedEmail") where "verifiedAt" is not null;

    create function email_claim_lock(address text) returns void language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(hashtext('email:' || address));
    end $$;

    create function user_email_unique_across() returns trigger language plpgsql as $$
    begin
      if new."verifiedAt" is null then return new; end if;
      perform email_claim_lock(new."normalizedEmail");
      if exists (select 1 from "user" where "normalizedEmail" = new."normalizedEmail") then
        raise exception 'address % belongs to an account', new."normalizedEmail" using errcode = 'unique_violation';
      end if;
      return new;
    end $$;
    create trigger user_email_unique_across before insert or update on "user_email"
      for each row execute function user_email_unique_across();

    create function user_primary_email_unique_across() returns trigger language plpgsql as $$
    begin
      if new."normalizedEmail" is null then return new; end if;
      if tg_op = 'UPDATE' and new."normalizedEmail" is not distinct from old."normalizedEmail" then return new; end if;
      perform email_claim_lock(new."normalizedEmail");
      if exists (select 1 from "user_email" where "normalizedEmail" = new."normalizedEmail" and "verifiedAt" is not null) then
        raise exception 'address % belongs to an account', new."normalizedEmail" using errcode = 'unique_violation';
      end if;
      return new;
    end $$;
    create trigger user_primary_email_unique_across before insert or update on "user"
      for each row execute function user_primary_email_unique_across();

    create table "web3_wallet" (
      "id" text not null primary key,
      "userId" text not null references "user" ("id") on delete cascade,
      "address" text not null,
      "chainId" integer not null,
      "createdAt" timestamptz not null default now()
    );
    create unique index "web3_wallet_address_key" on "web3_wallet" (lower("address"));
    create index "web3_wallet_userId_idx" on "web3_wallet" ("userId");
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table "web3_wallet";
    drop trigger user_primary_email_unique_across on "user";
    drop function user_primary_email_unique_across();
    drop table "user_email";
    drop function user_email_unique_across();
    drop function email_claim_lock(text);
  `.execute(db);
}

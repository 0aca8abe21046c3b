import { type Kysely, sql } from "kysely";

/**
 * The user's security log (docs/decisions/088): every security change of an account, newest first
 * per user, and the devices an account has signed in from, so a sign-in from another one is noticed.
 * A device is a keyed hash of its browser and system; addresses are stored only as keyed hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table security_event (
      id bigint generated always as identity primary key,
      user_id text not null references "user" (id) on delete cascade,
      at timestamptz not null default now(),
      type text not null,
      actor text not null default 'self' check (actor in ('self', 'operator')),
      browser text,
      os text,
      ip_hash text,
      details jsonb
    )`.execute(db);
  await sql`create index security_event_user on security_event (user_id, at desc, id desc)`.execute(db);
  await sql`
    create table security_device (
      user_id text not null references "user" (id) on delete cascade,
      device_hash text not null,
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      primary key (user_id, device_hash)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table security_device`.execute(db);
  await sql`drop table security_event`.execute(db);
}

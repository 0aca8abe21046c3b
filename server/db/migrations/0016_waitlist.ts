import { type Kysely, sql } from "kysely";

/**
 * The sign-up waitlist: one row per mailbox (normalised address), confirmed through a mailed link
 * (only the link's hash is stored) and let in by the operator (`npm run waitlist -- invite`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table waitlist (
    id text primary key,
    email text not null,
    normalized_email text not null unique,
    language text not null,
    status text not null default 'pending' check (status in ('pending', 'confirmed', 'invited')),
    token_hash text unique,
    token_expires_at timestamptz,
    confirmation_sent_at timestamptz,
    created_at timestamptz not null default now(),
    confirmed_at timestamptz,
    invited_at timestamptz
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table waitlist`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * Contact requests and the durable mail outbox. An accepted request and its mails are written in one
 * transaction, so a mail is never lost once the request has been answered with 201.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contact_request (id text not null primary key, name text not null, email text not null, company text,
      language text not null, status text not null, ip_hash text not null, user_agent text,
      created_at timestamptz not null default now());
    create index contact_request_created_at_idx on contact_request (created_at);
    create table mail_outbox (id bigint generated always as identity primary key,
      contact_request_id text references contact_request (id) on delete cascade,
      kind text not null, message_id text not null unique, "to" text not null, reply_to text, subject text not null,
      text text not null, html text not null, attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(), locked_until timestamptz, last_error text,
      sent_at timestamptz, created_at timestamptz not null default now());
    create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null;
    create index mail_outbox_contact_request_idx on mail_outbox (contact_request_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_outbox, contact_request`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * The outbox no longer names the contact domain: a mail's `topic` and `ref` say whom its delivery is
 * reported to and what they know it by; existing contact mails keep theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_outbox add column topic text, add column ref text;
    update mail_outbox set topic = 'contact-request', ref = contact_request_id where contact_request_id is not null;
    alter table mail_outbox drop column contact_request_id;
    create index mail_outbox_topic_ref_idx on mail_outbox (topic, ref);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_outbox add column contact_request_id text references contact_request (id) on delete cascade;
    update mail_outbox set contact_request_id = ref where topic = 'contact-request' and ref in (select id from contact_request);
    create index mail_outbox_contact_request_idx on mail_outbox (contact_request_id);
    alter table mail_outbox drop column topic, drop column ref;
  `.execute(db);
}

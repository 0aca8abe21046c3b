import { type Kysely, sql } from "kysely";

/**
 * The outbox no longer names the contact domain: a mail's `topic` and `ref` say whom its delivery is
 * reported to and what they know it by; existing contact mails keep theirs. The development mailbox
 * table takes the name used for it everywhere else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_outbox add column topic text, add column ref text;
    update mail_outbox set topic = 'contact-request', ref = contact_request_id where contact_request_id is not null;
    alter table mail_outbox drop column contact_request_id;
    create index mail_outbox_topic_ref_idx on mail_outbox (topic, ref);
    alter table dev_mail rename to dev_mailbox;
    alter index dev_mail_pkey rename to dev_mailbox_pkey;
    alter sequence dev_mail_id_seq rename to dev_mailbox_id_seq;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter sequence dev_mailbox_id_seq rename to dev_mail_id_seq;
    alter index dev_mailbox_pkey rename to dev_mail_pkey;
    alter table dev_mailbox rename to dev_mail;
    alter table mail_outbox add column contact_request_id text references contact_request (id) on delete cascade;
    update mail_outbox set contact_request_id = ref where topic = 'contact-request' and ref in (select id from contact_request);
    create index mail_outbox_contact_request_idx on mail_outbox (contact_request_id);
    alter table mail_outbox drop column topic, drop column ref;
  `.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * A queued mail stores the values its template is rendered from (`data`, JSON) instead of its
 * rendered subject and bodies: whoever queues a mail writes a few hundred bytes and renders
 * nothing; the outbox worker renders it when it sends it (server/mail/outbox-templates.ts). Mails
 * queued before keep their rendered bodies and are sent as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_outbox
      add column data jsonb,
      alter column subject drop not null,
      alter column text drop not null,
      alter column html drop not null,
      add constraint mail_outbox_content check (data is not null or (subject is not null and text is not null and html is not null))
  `.execute(db);
}

/** Going back, mails not yet sent that were queued as values keep their kind as subject and no body. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_outbox drop constraint mail_outbox_content;
    update mail_outbox set subject = coalesce(subject, kind), text = coalesce(text, ''), html = coalesce(html, '') where data is not null;
    alter table mail_outbox
      alter column subject set not null,
      alter column text set not null,
      alter column html set not null,
      drop column data;
  `.execute(db);
}

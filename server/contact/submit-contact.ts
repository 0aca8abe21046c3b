import { createHmac, randomUUID } from "node:crypto";
import { CompiledQuery, type Insertable } from "kysely";
import type { ContactInput } from "../../core/contact/schema.js";
import type { DB } from "../db/database.js";
import type { ContactRequestTable, MailOutboxTable } from "../db/schema.js";
import { type OutboxMail, outboxRows } from "../mail/outbox.js";
import type { ContactDetails } from "../mail/templates/contact-notification.js";
import { CONTACT_REQUEST_TOPIC } from "./mark-notified.js";

export interface SubmitContext {
  language: string;
  clientIp: string;
  userAgent: string | undefined;
  /** Secret keying the address hash, so stored hashes cannot be reversed by trying every address. */
  secret: string;
  inbox: string;
  /** Domain for Message-IDs (taken from the sender address). */
  mailDomain: string;
}

export function hashAddress(ip: string, secret: string): string {
  return createHmac("sha256", secret).update(`client-address:${ip}`).digest("hex");
}

const REQUEST_COLUMNS = [
  "id",
  "name",
  "email",
  "company",
  "message",
  "language",
  "status",
  "ip_hash",
  "user_agent",
  "created_at",
] as const satisfies readonly (keyof Insertable<ContactRequestTable>)[];
const MAIL_COLUMNS = ["kind", "topic", "ref", "message_id", "to", "data"] as const satisfies readonly (keyof MailOutboxTable)[];

type RequestRow = { [K in (typeof REQUEST_COLUMNS)[number]]: Insertable<ContactRequestTable>[K] };
type MailRow = ReturnType<typeof outboxRows>[number];

const placeholders = (count: number, from: number) => `(${Array.from({ length: count }, (_, i) => `$${from + i}`).join(", ")})`;

/**
 * The request and its mails in one statement (atomic without a transaction's three further round
 * trips), written out once per number of mails: building and compiling it with the query builder on
 * every request was a tenth of the contact form's time under a burst (docs/decisions/139).
 */
const statements = new Map<number, string>();
function insertRequestWithMails(request: RequestRow, mails: MailRow[]): CompiledQuery {
  let statement = statements.get(mails.length);
  if (!statement) {
    const values = mails.map((_, i) => placeholders(MAIL_COLUMNS.length, REQUEST_COLUMNS.length + i * MAIL_COLUMNS.length + 1));
    statement = `with request as (
  insert into contact_request (${REQUEST_COLUMNS.join(", ")}) values ${placeholders(REQUEST_COLUMNS.length, 1)}
)
insert into mail_outbox (${MAIL_COLUMNS.map((c) => `"${c}"`).join(", ")}) values ${values.join(", ")}`;
    statements.set(mails.length, statement);
  }
  return CompiledQuery.raw(statement, [
    ...REQUEST_COLUMNS.map((c) => request[c]),
    ...mails.flatMap((mail) => MAIL_COLUMNS.map((c) => mail[c])),
  ]);
}

/**
 * Stores an accepted request together with its two mails in one statement. A request that filled
 * the honeypot is kept (marked as spam, for the operator to see) but gets no mails.
 */
export async function submitContact(db: DB, input: ContactInput, ctx: SubmitContext): Promise<{ id: string; spam: boolean }> {
  const spam = Boolean(input.website?.trim());
  const contact: ContactDetails = {
    id: randomUUID(),
    name: input.name,
    email: input.email,
    company: input.company || null,
    message: input.message || null,
    language: ctx.language,
    createdAt: new Date(),
  };
  const envelope = (kind: string) => ({
    messageId: `<${kind}.${contact.id}@${ctx.mailDomain}>`,
    topic: CONTACT_REQUEST_TOPIC,
    ref: contact.id,
  });
  const request: RequestRow = {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    company: contact.company,
    message: contact.message,
    language: contact.language,
    status: spam ? ("spam" as const) : ("pending" as const),
    ip_hash: hashAddress(ctx.clientIp, ctx.secret),
    user_agent: ctx.userAgent?.slice(0, 512) ?? null,
    created_at: contact.createdAt,
  };
  if (spam) {
    await db.insertInto("contact_request").values(request).execute();
    return { id: contact.id, spam };
  }
  // Stored as values: the outbox worker renders the two mails when it sends them.
  const mails: OutboxMail[] = [
    { kind: "contact-notification", values: { to: ctx.inbox, contact }, ...envelope("contact-notification") },
    { kind: "contact-confirmation", values: { to: contact.email, contact }, ...envelope("contact-confirmation") },
  ];
  await db.executeQuery(insertRequestWithMails(request, outboxRows(mails)));
  return { id: contact.id, spam };
}

/** The domain of a From address such as `Name <no-reply@example.com>`. */
export function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

import { createHmac, randomUUID } from "node:crypto";
import { CompiledQuery, type Insertable } from "kysely";
import type { ContactInput } from "../../core/contact/schema.js";
import { batchedWriter } from "../db/batched-writes.js";
import type { DB } from "../db/database.js";
import { prepared } from "../db/prepared-statements.js";
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

/** The columns an accepted request and its mails are written with, and their SQL types. */
const REQUEST_COLUMNS = {
  id: "text",
  name: "text",
  email: "text",
  company: "text",
  message: "text",
  language: "text",
  status: "text",
  ip_hash: "text",
  user_agent: "text",
  created_at: "timestamptz",
} as const satisfies Partial<Record<keyof Insertable<ContactRequestTable>, string>>;
const MAIL_COLUMNS = {
  kind: "text",
  topic: "text",
  ref: "text",
  message_id: "text",
  to: "text",
  data: "jsonb",
} as const satisfies Partial<Record<keyof MailOutboxTable, string>>;

type RequestRow = { [K in keyof typeof REQUEST_COLUMNS]: Insertable<ContactRequestTable>[K] };
type MailRow = ReturnType<typeof outboxRows>[number];
interface Submission {
  request: RequestRow;
  mails: MailRow[];
}

/** `insert into table (…) select … from unnest($n::text[], …)`: any number of rows, one statement text. */
function unnestInsert(table: string, columns: Record<string, string>, firstParameter: number): string {
  const names = Object.keys(columns).map((c) => `"${c}"`);
  const casts = Object.entries(columns).map(([c, type]) => `"${c}"::${type}`);
  const arrays = names.map((_, i) => `$${firstParameter + i}::text[]`);
  return `insert into ${table} (${names.join(", ")}) select ${casts.join(", ")} from unnest(${arrays.join(", ")}) as given(${names.join(", ")})`;
}

/**
 * Requests and their mails in one statement (atomic without a transaction's three further round
 * trips), each column passed as an array of text, so that one statement text serves any number of
 * requests and is prepared once per connection on PostgreSQL (docs/decisions/139, 140).
 */
const INSERT_SUBMISSIONS = prepared(`with request as (
  ${unnestInsert("contact_request", REQUEST_COLUMNS, 1)}
)
${unnestInsert("mail_outbox", MAIL_COLUMNS, Object.keys(REQUEST_COLUMNS).length + 1)}`);

const asText = (value: string | Date | null | undefined) => (value instanceof Date ? value.toISOString() : (value ?? null));

function insertSubmissions(db: DB, submissions: Submission[]) {
  const requests = submissions.map((s) => s.request);
  const mails = submissions.flatMap((s) => s.mails);
  const parameters = [
    ...(Object.keys(REQUEST_COLUMNS) as (keyof typeof REQUEST_COLUMNS)[]).map((c) => requests.map((r) => asText(r[c]))),
    ...(Object.keys(MAIL_COLUMNS) as (keyof typeof MAIL_COLUMNS)[]).map((c) => mails.map((m) => m[c])),
  ];
  return db.executeQuery(CompiledQuery.raw(INSERT_SUBMISSIONS, parameters));
}

/** Per database, the requests arriving together are written together (a burst shares its commits). */
const writers = new WeakMap<DB, (submission: Submission) => Promise<void>>();
function writerFor(db: DB) {
  let writer = writers.get(db);
  if (!writer) {
    writer = batchedWriter<Submission>(async (submissions) => {
      await insertSubmissions(db, submissions);
    });
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Stores an accepted request together with its two mails in one statement, shared with the requests
 * arriving at the same time. A request that filled the honeypot is kept (marked as spam, for the
 * operator to see) but gets no mails.
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
  await writerFor(db)({ request, mails: outboxRows(mails) });
  return { id: contact.id, spam };
}

/** The domain of a From address such as `Name <no-reply@example.com>`. */
export function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

import { createHmac, randomUUID } from "node:crypto";
import type { ContactInput } from "../../core/contact/schema.js";
import type { DB } from "../db/database.js";
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
  // Stored as values: the outbox worker renders the two mails when it sends them.
  const mails: OutboxMail[] = spam
    ? []
    : [
        { kind: "contact-notification", values: { to: ctx.inbox, contact }, ...envelope("contact-notification") },
        { kind: "contact-confirmation", values: { to: contact.email, contact }, ...envelope("contact-confirmation") },
      ];
  const request = {
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
  // One statement stores the request and its mails together: atomic without a transaction's
  // three further round trips, which were most of the database's share of this hot path.
  if (mails.length) {
    await db
      .with("request", (q) => q.insertInto("contact_request").values(request))
      .insertInto("mail_outbox")
      .values(outboxRows(mails))
      .execute();
  } else {
    await db.insertInto("contact_request").values(request).execute();
  }
  return { id: contact.id, spam };
}

/** The domain of a From address such as `Name <no-reply@example.com>`. */
export function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

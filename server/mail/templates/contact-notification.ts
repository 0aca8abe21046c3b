import type { ContactRequestTable } from "../../db/schema.js";
import { serverT } from "../../i18n.js";
import { detailsTable, escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/** What the contact mails say about a request: its stored fields, and when it came in. */
export type ContactDetails = Pick<ContactRequestTable, "id" | "name" | "email" | "company" | "message" | "language"> & { createdAt: Date };

/**
 * The mail to the company's inbox. It is written in the site's default language (one language for
 * the people reading the inbox) and names the sender's language; Reply-To answers the sender directly.
 */
export function contactNotificationMail(contact: ContactDetails, inbox: string, lang = "en"): Mail {
  const t = serverT(lang);
  const k = (key: string, vars?: Record<string, string>) => t(`contact:mail.notification.${key}`, vars);
  // No user text in the subject: it is the part of a mail that is shown and forwarded everywhere.
  const subject = k("subject", { ref: contact.id.slice(0, 8) });
  const rows: [string, string][] = [
    [k("name"), contact.name],
    [k("email"), contact.email],
    [k("company"), contact.company || t("contact:mail.none")],
    [k("language"), contact.language],
    [k("received"), contact.createdAt.toISOString()],
    [k("id"), contact.id],
  ];
  const message = contact.message ? `\n\n${k("message")}:\n${contact.message}` : "";
  const text = `${k("intro")}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}${message}\n\n${k("reply", { name: contact.name })}\n`;
  const html = htmlLayout(
    t("email:lang"),
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
${detailsTable(rows)}
${contact.message ? `<p style="margin-bottom:4px;color:#6b7280">${escapeHtml(k("message"))}</p>\n<p style="white-space:pre-wrap;margin-top:0">${escapeHtml(contact.message)}</p>\n` : ""}<p style="color:#6b7280">${escapeHtml(k("reply", { name: contact.name }))}</p>`,
  );
  return { to: inbox, replyTo: contact.email, subject, text, html };
}

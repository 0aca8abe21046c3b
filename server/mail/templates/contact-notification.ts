import { serverT } from "../../i18n.js";
import { detailsTable, escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/** What the contact mails say about a request. */
export interface ContactDetails {
  id: string;
  name: string;
  email: string;
  company: string | null;
  language: string;
  createdAt: Date;
}

/**
 * The mail to the company's inbox. It is written in the site's default language (one language for
 * the people reading the inbox) and names the sender's language; Reply-To answers the sender directly.
 */
export function contactNotificationMail(contact: ContactDetails, inbox: string, lang = "en"): Mail {
  const t = serverT(lang);
  const k = (key: string, vars?: Record<string, string>) => t(`contact:mail.notification.${key}`, vars);
  const subject = k("subject", { name: contact.name });
  const rows: [string, string][] = [
    [k("name"), contact.name],
    [k("email"), contact.email],
    [k("company"), contact.company || t("contact:mail.none")],
    [k("language"), contact.language],
    [k("received"), contact.createdAt.toISOString()],
    [k("id"), contact.id],
  ];
  const text = `${k("intro")}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${k("reply", { name: contact.name })}\n`;
  const html = htmlLayout(
    t("email:lang"),
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
${detailsTable(rows)}
<p style="color:#6b7280">${escapeHtml(k("reply", { name: contact.name }))}</p>`,
  );
  return { to: inbox, replyTo: contact.email, subject, text, html };
}

import { serverT } from "../../i18n.js";
import { detailsTable, escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";
import type { ContactDetails } from "./contact-notification.js";

/** The confirmation to the sender, in the language of the page they wrote from. */
export function contactConfirmationMail(contact: ContactDetails): Mail {
  const t = serverT(contact.language);
  const k = (key: string, vars?: Record<string, string>) => t(`contact:mail.confirmation.${key}`, vars);
  const subject = k("subject");
  const rows: [string, string][] = [
    [t("contact:mail.notification.name"), contact.name],
    [t("contact:mail.notification.email"), contact.email],
    [t("contact:mail.notification.company"), contact.company || t("contact:mail.none")],
  ];
  const greeting = k("greeting", { name: contact.name });
  const text = `${greeting}\n\n${k("intro")}\n\n${k("summary")}\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${k("ignore")}\n\n${k("signature")}\n`;
  const html = htmlLayout(
    t("email:lang"),
    subject,
    `${heading(subject)}
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(k("intro"))}</p>
<p style="margin-bottom:8px">${escapeHtml(k("summary"))}</p>
${detailsTable(rows)}
<p style="color:#6b7280">${escapeHtml(k("ignore"))}</p>
<p>${escapeHtml(k("signature"))}</p>`,
  );
  return { to: contact.email, subject, text, html };
}

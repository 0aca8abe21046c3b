import { serverT } from "../i18n.js";
import { escapeHtml, htmlLayout } from "../mail/layout.js";
import type { Mail } from "../mail/send-mail.js";

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
export function notificationMail(contact: ContactDetails, inbox: string, lang = "en"): Mail {
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
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(k("intro"))}</p>
${detailsTable(rows)}
<p style="color:#6b7280">${escapeHtml(k("reply", { name: contact.name }))}</p>`,
  );
  return { to: inbox, replyTo: contact.email, subject, text, html };
}

/** The confirmation to the sender, in the language of the page they wrote from. */
export function confirmationMail(contact: ContactDetails): Mail {
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
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(k("intro"))}</p>
<p style="margin-bottom:8px">${escapeHtml(k("summary"))}</p>
${detailsTable(rows)}
<p style="color:#6b7280">${escapeHtml(k("ignore"))}</p>
<p>${escapeHtml(k("signature"))}</p>`,
  );
  return { to: contact.email, subject, text, html };
}

function detailsTable(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#6b7280;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `<table style="border-collapse:collapse;margin:0 0 16px">${cells}</table>`;
}

import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/** The link to a prepared data export: it works once and until `expiresAt`. */
export function dataExportMail(opts: { to: string; url: string; expiresAt: Date; lang: string }): Mail {
  const t = serverT(opts.lang);
  const lang = t("email:lang");
  // Mails cannot know the reader's time zone, so the time says it is UTC.
  const expires = `${new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(opts.expiresAt)} UTC`;
  const k = (key: string) => t(`email:dataExport.${key}`, { date: expires });
  const subject = k("subject");
  const text = `${k("intro")}\n\n${opts.url}\n\n${k("once")}\n\n${k("ignore")}\n`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
<p><a href="${escapeHtml(opts.url)}" style="color:#1d4ed8">${escapeHtml(k("action"))}</a></p>
<p>${escapeHtml(k("once"))}</p>
<p style="color:#6b7280">${escapeHtml(k("ignore"))}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/**
 * The goodbye after an account was deleted, in the account's language: what is gone, what invoices
 * keep, that the address may sign up again, and what to do when it was not the reader.
 */
export function accountDeletedMail(opts: { to: string; lang: string; baseUrl: string }): Mail {
  const t = serverT(opts.lang);
  const lang = t("email:lang");
  const k = (key: string) => t(`email:accountDeleted.${key}`);
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/${lang}/`;
  const subject = k("subject");
  const text = `${k("intro")}\n\n${k("kept")}\n\n${k("again")}\n${url}\n\n${k("notYou")}\n\n${k("thanks")}\n`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
<p>${escapeHtml(k("kept"))}</p>
<p>${escapeHtml(k("again"))}<br><a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(url)}</a></p>
<p style="color:#6b7280">${escapeHtml(k("notYou"))}</p>
<p>${escapeHtml(k("thanks"))}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

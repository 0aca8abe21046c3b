import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/** The single-use sign-in link, in the language of the page it was asked from (docs/decisions/072). */
export function signInLinkMail(opts: { to: string; baseUrl: string; lang: string; token: string; minutes: number }): Mail {
  const t = serverT(opts.lang);
  const lang = t("email:lang");
  const k = (key: string) => t(`email:signInLink.${key}`, { minutes: opts.minutes });
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/${lang}/sign-in?link=${encodeURIComponent(opts.token)}`;
  const subject = k("subject");
  const text = `${k("intro")}\n${url}\n\n${k("expiry")}\n${k("ignore")}\n`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(k("action"))}</a></p>
<p>${escapeHtml(k("fallback"))}<br><a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(url)}</a></p>
<p>${escapeHtml(k("expiry"))}</p><p style="color:#6b7280">${escapeHtml(k("ignore"))}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

const link = (href: string) => `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(href)}</a>`;

/**
 * Tells the account's owner that its password was reset and that every device signed in to it was
 * signed out: the owner learns of a reset they did not make, and where to take the account back.
 */
export function passwordResetMail(opts: { to: string; baseUrl: string; lang: string; resetAt: Date }): Mail {
  const t = serverT(opts.lang);
  const lang = t("email:lang");
  const k = (key: string, params?: Record<string, string>) => t(`email:passwordReset.${key}`, params);
  const base = opts.baseUrl.replace(/\/+$/, "");
  const signIn = `${base}/${lang}/sign-in`;
  const reset = `${base}/${lang}/forgot-password`;
  const when = new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  const subject = k("subject");
  const intro = k("intro", { date: `${when.format(opts.resetAt)} UTC` });
  const text = `${intro}\n\n${k("signedOut")}\n\n${k("signIn")}\n${signIn}\n\n${k("notYou")}\n${reset}\n`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(k("signedOut"))}</p>
<p>${escapeHtml(k("signIn"))}<br>${link(signIn)}</p>
<p>${escapeHtml(k("notYou"))}<br>${link(reset)}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

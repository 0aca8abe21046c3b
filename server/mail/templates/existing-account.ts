import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/**
 * Sent instead of a code when someone signs up with the address of an existing account: the owner
 * learns of the attempt and finds the way in, while the sign-up itself answers as for a new address.
 */
export function existingAccountMail(opts: { to: string; baseUrl: string; lang?: string | null }): Mail {
  const t = serverT(opts.lang ?? undefined);
  const lang = t("email:lang");
  const k = (key: string) => t(`email:existingAccount.${key}`);
  const base = opts.baseUrl.replace(/\/+$/, "");
  const signIn = `${base}/${lang}/sign-in`;
  const reset = `${base}/${lang}/forgot-password`;
  const subject = k("subject");
  const text = `${k("intro")}\n\n${k("signIn")}\n${signIn}\n\n${k("reset")}\n${reset}\n\n${k("ignore")}\n`;
  const link = (href: string) => `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(href)}</a>`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
<p>${escapeHtml(k("signIn"))}<br>${link(signIn)}</p>
<p>${escapeHtml(k("reset"))}<br>${link(reset)}</p>
<p style="color:#6b7280">${escapeHtml(k("ignore"))}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

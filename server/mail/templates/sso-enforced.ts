import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/**
 * Tells a member that their team now signs in only through its identity provider: how to sign in
 * from now on, and that their devices signed in another way were signed out (docs/decisions/103).
 */
export function ssoEnforcedMail(opts: { to: string; teamName: string; lang: string; baseUrl: string }): Mail {
  const t = serverT(opts.lang);
  const lang = t("email:lang");
  const k = (key: string) => t(`email:ssoEnforced.${key}`, { team: opts.teamName, email: opts.to });
  const signIn = `${opts.baseUrl.replace(/\/+$/, "")}/${lang}/sign-in/sso`;
  const subject = k("subject");
  const text = `${k("intro")}\n\n${k("how")}\n${signIn}\n\n${k("signedOut")}\n\n${k("questions")}\n`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
<p>${escapeHtml(k("how"))}<br><a href="${escapeHtml(signIn)}" style="color:#1d4ed8">${escapeHtml(signIn)}</a></p>
<p>${escapeHtml(k("signedOut"))}</p>
<p style="color:#6b7280">${escapeHtml(k("questions"))}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

const link = (href: string) => `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(href)}</a>`;

/** The link that confirms a place on the waitlist, in the language of the page it was asked from. */
export function waitlistConfirmationMail(opts: { to: string; baseUrl: string; lang: string; token: string }): Mail {
  const t = serverT(opts.lang);
  const lang = t("email:lang");
  const k = (key: string) => t(`email:waitlistConfirm.${key}`);
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/${lang}/sign-up?waitlist=${encodeURIComponent(opts.token)}`;
  const subject = k("subject");
  const text = `${k("intro")}\n${url}\n\n${k("ignore")}\n`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}<br>${link(url)}</p>
<p style="color:#6b7280">${escapeHtml(k("ignore"))}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

/** The operator's invitation to sign up, sent when an address is let in from the waitlist. */
export function waitlistInvitationMail(opts: { to: string; baseUrl: string; lang: string }): Mail {
  const t = serverT(opts.lang);
  const lang = t("email:lang");
  const k = (key: string) => t(`email:waitlistInvite.${key}`);
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/${lang}/sign-up?invited=1`;
  const subject = k("subject");
  const text = `${k("intro")}\n\n${k("action")}\n${url}\n\n${k("ignore")}\n`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
<p>${escapeHtml(k("action"))}<br>${link(url)}</p>
<p style="color:#6b7280">${escapeHtml(k("ignore"))}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

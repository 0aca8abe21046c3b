import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/** The code that proves a team controls a domain, sent to an address at that domain. */
export function domainCodeMail(opts: { to: string; code: string; domain: string; teamName: string; minutes: number; lang: string }): Mail {
  const t = serverT(opts.lang);
  const values = { domain: opts.domain, team: opts.teamName, minutes: opts.minutes };
  const subject = t("email:domainCode.subject", values);
  const intro = t("email:domainCode.intro", values);
  const expiry = t("email:code.expiry", values);
  const ignore = t("email:code.ignore");
  const text = `${intro}\n\n${opts.code}\n\n${expiry}\n${ignore}\n`;
  const html = htmlLayout(
    t("email:lang"),
    subject,
    `${heading(subject)}
<p>${escapeHtml(intro)}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:24px 0">${escapeHtml(opts.code)}</p>
<p>${escapeHtml(expiry)}</p><p style="color:#6b7280">${escapeHtml(ignore)}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

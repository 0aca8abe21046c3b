import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

type Purpose = "sign-in" | "email-verification" | "forget-password" | "change-email" | "reverification";

/** The 6-digit code mail, in the user's language, as plain text and HTML. */
export function verificationCodeMail(opts: { to: string; code: string; purpose: Purpose; lang?: string }): Mail {
  const t = serverT(opts.lang);
  const key =
    opts.purpose === "forget-password" ? "resetCode" : opts.purpose === "reverification" ? "reverificationCode" : "verificationCode";
  const subject = t(`email:${key}.subject`);
  const intro = t(`email:${key}.intro`);
  const expiry = t("email:code.expiry", { minutes: 10 });
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

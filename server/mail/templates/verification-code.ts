import type { TFunction } from "i18next";
import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

type Purpose = "sign-in" | "email-verification" | "forget-password" | "change-email" | "reverification";

/** A mail whose point is a code: the intro, the code set large, how long it is valid, and what to do if unasked. */
export function codeMail(t: TFunction, opts: { to: string; code: string; subject: string; intro: string; minutes: number }): Mail {
  const { subject, intro } = opts;
  const expiry = t("email:code.expiry", { minutes: opts.minutes });
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

/** The 6-digit code mail, in the user's language, as plain text and HTML. */
export function verificationCodeMail(opts: { to: string; code: string; purpose: Purpose; lang?: string }): Mail {
  const t = serverT(opts.lang);
  const key =
    opts.purpose === "forget-password"
      ? "resetCode"
      : opts.purpose === "reverification"
        ? "reverificationCode"
        : opts.purpose === "sign-in"
          ? "signInCode"
          : "verificationCode";
  return codeMail(t, { to: opts.to, code: opts.code, subject: t(`email:${key}.subject`), intro: t(`email:${key}.intro`), minutes: 10 });
}

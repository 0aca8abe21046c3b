import { serverT } from "../../i18n.js";
import { escapeHtml, heading, htmlLayout } from "../layout.js";
import type { Mail } from "../transport.js";

/** The invitation to a team, in the inviter's language, with the link that accepts or declines it. */
export function teamInvitationMail(opts: {
  to: string;
  invitationId: string;
  teamName: string;
  inviterName: string;
  inviterEmail: string;
  role: string;
  expiresAt: Date;
  baseUrl: string;
  lang: string;
}): Mail {
  const t = serverT(opts.lang);
  const lang = t("email:lang");
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/${lang}/teams/invitations/${encodeURIComponent(opts.invitationId)}`;
  const values = {
    team: opts.teamName,
    inviter: opts.inviterName,
    email: opts.inviterEmail,
    role: t(`teams:roles.${opts.role}`),
    date: new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(opts.expiresAt),
  };
  const k = (key: string) => t(`email:teamInvitation.${key}`, values);
  const subject = k("subject");
  const text = `${k("intro")}\n\n${k("action")}\n${url}\n\n${k("expiry")}\n${k("ignore")}\n`;
  const html = htmlLayout(
    lang,
    subject,
    `${heading(subject)}
<p>${escapeHtml(k("intro"))}</p>
<p>${escapeHtml(k("action"))}<br><a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(url)}</a></p>
<p>${escapeHtml(k("expiry"))}</p>
<p style="color:#6b7280">${escapeHtml(k("ignore"))}</p>`,
  );
  return { to: opts.to, subject, text, html };
}

import { serverT } from "../../i18n.js";
import type { Mail } from "../transport.js";
import { codeMail } from "./verification-code.js";

/** The code that proves a team controls a domain, sent to an address at that domain. */
export function domainCodeMail(opts: { to: string; code: string; domain: string; teamName: string; minutes: number; lang: string }): Mail {
  const t = serverT(opts.lang);
  const values = { domain: opts.domain, team: opts.teamName, minutes: opts.minutes };
  return codeMail(t, {
    to: opts.to,
    code: opts.code,
    subject: t("email:domainCode.subject", values),
    intro: t("email:domainCode.intro", values),
    minutes: opts.minutes,
  });
}

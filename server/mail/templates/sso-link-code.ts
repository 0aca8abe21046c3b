import { serverT } from "../../i18n.js";
import type { Mail } from "../transport.js";
import { codeMail } from "./verification-code.js";

/** The code that confirms joining a team's single sign-on to an existing account. */
export function ssoLinkCodeMail(opts: { to: string; code: string; teamName: string; minutes: number; lang: string }): Mail {
  const t = serverT(opts.lang);
  const values = { team: opts.teamName, minutes: opts.minutes };
  return codeMail(t, {
    to: opts.to,
    code: opts.code,
    subject: t("email:ssoLinkCode.subject", values),
    intro: t("email:ssoLinkCode.intro", values),
    minutes: opts.minutes,
  });
}

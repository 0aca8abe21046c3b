import { PHONE_CODE_LENGTH } from "../../core/phone.js";
import { serverT } from "../i18n.js";
import type { Sms } from "./sms-sender.js";

export type SmsCodePurpose = "verify" | "sign-in" | "second-factor";

/** Minutes each code is valid. */
export const SMS_CODE_MINUTES: Record<SmsCodePurpose, number> = { verify: 10, "sign-in": 10, "second-factor": 5 };

/** A text message with a code, in the account's language; short enough for one message. */
export function codeSms(opts: { to: string; code: string; purpose: SmsCodePurpose; lang?: string | null }): Sms {
  const t = serverT(opts.lang ?? undefined);
  if (opts.code.length !== PHONE_CODE_LENGTH) throw new Error("unexpected code length");
  return { to: opts.to, text: t(`phone:sms.${opts.purpose}`, { code: opts.code, minutes: SMS_CODE_MINUTES[opts.purpose] }) };
}

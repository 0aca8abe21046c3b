import { codeSms } from "../sms/messages.js";
import { deliver, type PhoneDeps, primaryNumber, smsTwoFactorEnabled } from "./phone-numbers.js";

/**
 * The two-factor plugin's sender of second-step codes: to the verified primary number of an account
 * that turned text message codes on, in its language. The SMS limits were counted before the
 * plugin made the code (the `/two-factor/send-otp` hook in phone-sign-in.ts). Any other account
 * gets nothing: the plugin offers the method to every account with two-step verification.
 */
export async function sendSecondStepSms(deps: PhoneDeps, userId: string, otp: string): Promise<void> {
  const to = (await smsTwoFactorEnabled(deps.db, userId)) ? await primaryNumber(deps.db, userId) : null;
  if (!to) {
    deps.logger.warn({ userId }, "second-step text message asked for by an account without text message codes");
    return;
  }
  const user = await deps.db.selectFrom("user").select("locale").where("id", "=", userId).executeTakeFirst();
  await deliver(deps.sms, codeSms({ to, code: otp, purpose: "second-factor", lang: user?.locale }));
}

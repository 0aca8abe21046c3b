/**
 * The phone number rule, shared by the account page, the sign-in page and the server: a number in
 * international format ("+" and the country code), valid for its country by libphonenumber's
 * metadata, stored and compared in E.164 form ("+4915123456789").
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** Digits of every code sent by text message. */
export const PHONE_CODE_LENGTH = 6;

/** Numbers one account may hold. */
export const PHONE_NUMBERS_MAX = 5;

/** The E.164 form of a number typed in international format, or null when it is not one. */
export function normalizePhoneNumber(input: string): string | null {
  const typed = input.trim();
  // International format only: a national number would be read against a guessed country.
  if (!/^(\+|00)[\d\s().\-/]{6,24}$/.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed.replace(/^00/, "+"));
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** A stored number as people read it: "+49 1512 3456789". */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A number with all but its last two digits hidden, for screens that must not reveal it: "+49 •••• •••••89". */
export function maskPhoneNumber(e164: string): string {
  const formatted = formatPhoneNumber(e164);
  const country = formatted.match(/^\+\d+/)?.[0] ?? "";
  const rest = formatted.slice(country.length);
  let kept = 0;
  const masked = [...rest]
    .reverse()
    .map((ch) => (/\d/.test(ch) ? (kept++ < 2 ? ch : "•") : ch))
    .reverse()
    .join("");
  return `${country}${masked}`;
}

/** Whether a typed code has the shape of an SMS code. */
export function isPhoneCode(code: string): boolean {
  return new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code);
}

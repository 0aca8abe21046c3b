import { authClient } from "./client";
import type { AuthError } from "./errors";

type Answer<T> = { data: T | null; error: AuthError | null };

/** Has a sign-in code texted to the number if it is verified for an account (the answer is the same either way). */
export function sendPhoneSignInCode(phoneNumber: string) {
  return authClient.$fetch("/phone/send-sign-in-code", { method: "POST", body: { phoneNumber } }) as Promise<Answer<{ status: boolean }>>;
}

/** Signs in with the number and its texted code; the answer is a sign-in's (a session, or a second step). */
export function signInWithPhoneCode(phoneNumber: string, code: string) {
  return authClient.$fetch("/sign-in/phone", { method: "POST", body: { phoneNumber, code } }) as Promise<
    Answer<{ token?: string; twoFactorRedirect?: boolean; twoFactorMethods?: string[] }>
  >;
}

/** On a sign-in's second step: whether a text message code is offered, and to which masked number. */
export function fetchSecondStepSms() {
  return authClient.$fetch("/phone/second-factor", { method: "GET" }) as Promise<Answer<{ sms: boolean; phoneNumber: string | null }>>;
}

/** Texts the second step's code to the account's primary number. */
export function sendSecondStepSms() {
  return authClient.$fetch("/two-factor/send-otp", { method: "POST", body: {} }) as Promise<Answer<{ status: boolean }>>;
}

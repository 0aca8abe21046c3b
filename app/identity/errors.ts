import type { TFunction } from "i18next";
import { type WireCode, wireCodeOf } from "../../core/error-codes";

/**
 * An error of an identity call: from the Better Auth client, from our `{ message, code }` API, or
 * made in the browser (a passkey or wallet refusal). The server has already mapped the library's
 * codes to ours (server/auth/auth-errors.ts), so a code here is a wire code or unknown.
 */
export interface AuthError {
  code?: string;
  status?: number;
  message?: string;
}

/** The wire code of an error, when it carries one of ours. */
export function errorCode(error: AuthError | null | undefined): WireCode | undefined {
  return wireCodeOf(error?.code);
}

/**
 * The translated message for an identity error: its wire code's message in the `auth` catalog (the
 * message the server answers for identity codes), a network failure or rate limit by status, else the
 * screen's own fallback. Codes without a message there (`bad_request`) get the screen's fallback.
 */
export function authErrorMessage(t: TFunction<"auth">, error: AuthError | null | undefined, fallbackKey: string): string {
  if (!error) return t(fallbackKey as never);
  // Named with their namespace: the screens of the security page translate with "security" first.
  if (error.status === 429) return t("auth:errors.too_many_requests" as never);
  const code = errorCode(error);
  if (code) {
    const key = `auth:errors.${code}`;
    const message = t(key as never, { defaultValue: "" });
    if (message) return message;
  }
  if (error.status === 0 || error.status === undefined) return t("auth:errors.network" as never);
  return t(fallbackKey as never);
}

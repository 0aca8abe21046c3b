import type { TFunction } from "i18next";

/** The shape of an error from the Better Auth client (or our `{ code, message }` API errors). */
export interface AuthError {
  code?: string;
  status?: number;
  message?: string;
}

/**
 * Better Auth's codes for what the spec's error catalogue names otherwise, in one place: the
 * message shown is the catalogue's. Our own server answers the catalogue's codes directly.
 */
export const LIBRARY_CODES: Record<string, string> = {
  INVALID_PASSWORD: "form_password_incorrect",
  PASSWORD_TOO_SHORT: "form_password_length_too_short",
  // Better Auth's own limit is 128 characters; the product's 72 bytes always come first.
  PASSWORD_TOO_LONG: "form_password_size_in_bytes_exceeded",
  INVALID_CODE: "form_code_incorrect",
  INVALID_BACKUP_CODE: "form_code_incorrect",
  SESSION_NOT_FRESH: "reverification",
  // The username plugin's codes (our validator decides what is invalid) and our name-length rule.
  USERNAME_TOO_SHORT: "form_username_invalid_length",
  USERNAME_TOO_LONG: "form_username_invalid_length",
  INVALID_USERNAME: "form_username_invalid_character",
  USERNAME_IS_ALREADY_TAKEN: "form_identifier_exists",
  NAME_TOO_LONG: "form_param_max_length_exceeded",
  // The passkey plugin's codes, and the browser's refusals under the same names (app/identity/passkey.ts).
  PREVIOUSLY_REGISTERED: "passkey_already_exists",
  REGISTRATION_CANCELLED: "passkey_registration_cancelled",
  AUTH_CANCELLED: "passkey_retrieval_cancelled",
  CHALLENGE_NOT_FOUND: "passkey_timed_out",
  PASSKEY_NOT_FOUND: "passkey_not_found",
  AUTHENTICATION_FAILED: "passkey_authentication_failed",
  FAILED_TO_VERIFY_REGISTRATION: "passkey_registration_failed",
};

/** The catalogue code of an error: the library's code mapped, or the code as answered. */
export function errorCode(error: AuthError | null | undefined): string | undefined {
  return error?.code ? (LIBRARY_CODES[error.code] ?? error.code) : undefined;
}

/**
 * The translated message for an identity error: its code when the `auth` catalog knows it, a
 * network failure or rate limit by status, else the screen's own fallback. The server's English
 * text is never shown, so a German page stays German.
 */
export function authErrorMessage(t: TFunction<"auth">, error: AuthError | null | undefined, fallbackKey: string): string {
  if (!error) return t(fallbackKey as never);
  // Named with their namespace: the screens of the security page translate with "security" first.
  if (error.status === 429) return t("auth:errors.TOO_MANY_REQUESTS" as never);
  const code = errorCode(error);
  if (code) {
    const key = `auth:errors.${code}`;
    const message = t(key as never, { defaultValue: "" });
    if (message) return message;
  }
  if (error.status === 0 || error.status === undefined) return t("auth:errors.network" as never);
  return t(fallbackKey as never);
}

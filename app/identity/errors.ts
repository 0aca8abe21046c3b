import type { TFunction } from "i18next";

/** The shape of an error from the Better Auth client (or our `{ code, message }` API errors). */
export interface AuthError {
  code?: string;
  status?: number;
  message?: string;
}

/**
 * The translated message for an identity error: its code when the `auth` catalog knows it, a
 * network failure or rate limit by status, else the screen's own fallback. The server's English
 * text is never shown, so a German page stays German.
 */
export function authErrorMessage(t: TFunction<"auth">, error: AuthError | null | undefined, fallbackKey: string): string {
  if (!error) return t(fallbackKey as never);
  if (error.status === 429) return t("errors.TOO_MANY_REQUESTS");
  if (error.code) {
    const key = `errors.${error.code}`;
    const message = t(key as never, { defaultValue: "" });
    if (message) return message;
  }
  if (error.status === 0 || error.status === undefined) return t("errors.network");
  return t(fallbackKey as never);
}

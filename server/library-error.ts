import { APIError } from "better-auth/api";
import { type AppError, ERRORS } from "./errors.js";

/**
 * One of our refusals thrown inside the identity library (a hook or plugin of ours): it names its row, which
 * normalizeAuthError (server/auth/auth-errors.ts) answers in the request's language.
 */
export function libraryError(error: AppError): APIError {
  const { status, code } = ERRORS[error.code];
  const body = { code, message: error.code, refusal: error.code, params: error.data.params };
  return new APIError(status as never, body, error.data.headers);
}

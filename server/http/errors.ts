import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiErrorBody } from "../../core/api.js";
import { AppError, ERRORS, type ErrorAnswer, type ErrorCode } from "../errors.js";
import { isDependencyUnavailable } from "../unavailable.js";
import type { AppEnv } from "./context.js";

/** The message of an error code in the request's language. */
export function messageOf(c: Context<AppEnv>, code: ErrorCode, params?: Record<string, string | number>): string {
  return c.var.t(ERRORS[code].key, params);
}

/** What an error that is not a refusal becomes: 503 while a dependency is down, else 500; logged either way. */
function unexpected(c: Context<AppEnv>, error: Error): AppError {
  if (isDependencyUnavailable(error)) {
    c.var.log.warn({ err: error }, "dependency unavailable");
    return new AppError("unavailable");
  }
  c.var.log.error({ err: error }, "unhandled error");
  return new AppError("internal");
}

/**
 * The answer to anything a request handler throws (the app's onError): `{ message, code }`, the
 * message in the request's language, with the row's status, plus translated per-field `errors` for a
 * refused form.
 */
export function errorResponse(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof HTTPException) {
    const code = error.status === 413 ? ERRORS.payloadTooLarge.code : error.status >= 500 ? ERRORS.internal.code : ERRORS.badRequest.code;
    return c.json({ message: error.message || messageOf(c, "internal"), code }, error.status);
  }
  const { code, data } = error instanceof AppError ? error : unexpected(c, error);
  const answer: ErrorAnswer = ERRORS[code];
  const body: ApiErrorBody = { message: c.var.t(answer.key, data.params), code: answer.code };
  if (data.fields) body.errors = Object.fromEntries(Object.entries(data.fields).map(([field, key]) => [field, c.var.t(key)]));
  return c.json(body, ERRORS[code].status, { ...answer.headers, ...data.headers });
}

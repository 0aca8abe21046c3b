import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, ERRORS, type ErrorCode } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { isDependencyUnavailable } from "../unavailable.js";

/** Where each problem type is explained: the developer page's section on errors, by code. */
export const problemType = (baseUrl: string, code: string) => `${baseUrl}/en/developers#${code}`;

function appErrorOf(c: Context<AppEnv>, error: Error): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException)
    return new AppError(error.status === 413 ? "payloadTooLarge" : error.status >= 500 ? "internal" : "badRequest");
  if (isDependencyUnavailable(error)) {
    c.var.log.warn({ err: error }, "dependency unavailable");
    return new AppError("unavailable");
  }
  c.var.log.error({ err: error }, "unhandled error");
  return new AppError("internal");
}

/**
 * The answer to anything /api/v1 refuses: an RFC 9457 problem document (`type`, `title`, `status`,
 * `detail`, `code`) in the request's language, with the refusal's headers (WWW-Authenticate, Retry-After).
 */
export function problemResponse(baseUrl: string) {
  return (error: Error, c: Context<AppEnv>): Response => {
    const { code, data } = appErrorOf(c, error);
    const row = ERRORS[code as ErrorCode];
    const body = {
      type: problemType(baseUrl, row.code),
      title: c.var.t(`api:titles.${row.status}`),
      status: row.status,
      detail: c.var.t(row.key, data.params),
      code: row.code,
    };
    const headers = new Headers({ "Content-Type": "application/problem+json", "Cache-Control": "no-store" });
    for (const [name, value] of Object.entries({ ...("headers" in row ? row.headers : {}), ...data.headers })) headers.set(name, value);
    // Headers set before the refusal (CORS, rate limit) stay on the answer.
    for (const [name, value] of c.res.headers) if (!headers.has(name) && name !== "content-type") headers.set(name, value);
    return new Response(JSON.stringify(body), { status: row.status, headers });
  };
}

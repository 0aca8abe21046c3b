import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context.js";

/** An error an API handler throws to answer with `{ message }` and a status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A translated API error from the `errors` catalog, in the request's language. */
export function apiError(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  key: string,
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return new ApiError(status, c.var.t(`errors:${key}`), extra, headers);
}

/** 413 for an oversized body. The rest of the body is never read, so the connection cannot be reused. */
export function payloadTooLarge(c: Context<AppEnv>) {
  return apiError(c, 413, "payloadTooLarge", {}, { Connection: "close" });
}

export function jsonError(c: Context, status: ContentfulStatusCode, message: string, extra: Record<string, unknown> = {}) {
  return c.json({ message, ...extra }, status);
}

/** Reads a JSON body: 415 for another content type, 400 for malformed JSON. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) throw apiError(c, 415, "unsupportedMediaType");
  try {
    return await c.req.json();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw apiError(c, 400, "malformedJson");
  }
}

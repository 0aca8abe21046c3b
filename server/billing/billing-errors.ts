import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ApiError } from "../http/errors.js";
import { requestLanguage, serverT } from "../i18n.js";

/** A translated billing API error (`billing:errors.*`) in the request's language. */
export function billingError(c: Context, status: ContentfulStatusCode, key: string) {
  return new ApiError(status, serverT(requestLanguage(c.req.raw.headers))(`billing:errors.${key}`));
}

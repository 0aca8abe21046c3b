import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../http/context.js";
import { ApiError } from "../http/errors.js";

/** A translated billing API error (`billing:errors.*`) in the request's language. */
export function billingError(c: Context<AppEnv>, status: ContentfulStatusCode, key: string) {
  return new ApiError(status, c.var.t(`billing:errors.${key}`));
}

import type { TFunction } from "i18next";
import { ApiRequestError } from "../../api/client";
import { authErrorMessage, errorCode } from "../../identity/errors";
import { failureOf } from "../../identity/failures";

/**
 * The message for a refused phone call: our server's, already in the page's language (its text
 * message limits name their own wait), else the identity catalog's by code, else the fallback.
 */
export function phoneErrorMessage(t: TFunction, failure: unknown, fallbackKey = "phone:section.error"): string {
  if (failure instanceof ApiRequestError && failure.message) return failure.message;
  if (errorCode(failureOf(failure)) === "sms_too_many_requests") return t("auth:errors.sms_too_many_requests");
  return authErrorMessage(t as never, failureOf(failure), fallbackKey);
}

import type { Context } from "hono";
import { ERRORS, type ErrorCode } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { messageOf } from "../http/errors.js";
import { AUTH_BASE_PATH, TEAM_AUTH_PATH_PREFIX } from "../identity-paths.js";

/** Organization refusals Better Auth answers with 400 or 401 although the user is signed in. */
const FORBIDDEN = /^(YOU_ARE_NOT_ALLOWED_TO_|YOU_ARE_NOT_A_MEMBER_OF_|USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION$)/;
/** What Better Auth answers with 400 when the member, team or invitation named does not exist for the user. */
const NOT_FOUND = new Set(["MEMBER_NOT_FOUND", "ORGANIZATION_NOT_FOUND", "INVITATION_NOT_FOUND"]);

/** Organization refusals of the library the product answers with its own code and message. */
const ORGANIZATION_ERRORS: Record<string, ErrorCode> = {
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: "lastAdmin",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: "lastAdmin",
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: "membershipQuota",
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "alreadyMember",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: "alreadyInvited",
  ORGANIZATION_SLUG_ALREADY_TAKEN: "slugTaken",
  ORGANIZATION_ALREADY_EXISTS: "slugTaken",
  INVALID_SLUG: "invalidSlug",
  TEAM_NAME_TOO_LONG: "teamNameTooLong",
  ROLE_NOT_FOUND: "invalidRole",
  INVITATION_NOT_FOUND: "invitationNotFound",
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: "invitationForOther",
};

/** Refusals of our own identity rules, answered in the request's language. */
const TRANSLATED: Record<string, ErrorCode> = {
  LEGAL_CONSENT_REQUIRED: "legalConsentRequired",
  NOT_ALLOWED_ACCESS: "notAllowedAccess",
  SIGN_UP_RESTRICTED: "signUpRestricted",
  SIGN_UP_WAITLIST: "signUpWaitlist",
  // Wallet sign-in (server/auth/wallet-sign-in.ts) and the last-identifier rule on the library's removal routes.
  web3_missing_identifier: "web3MissingIdentifier",
  web3_signature_invalid: "walletSignatureInvalid",
  web3_address_invalid: "walletAddressInvalid",
  identification_deletion_failed: "identificationDeletionFailed",
  captcha_invalid: "captchaInvalid",
  captcha_unavailable: "captchaUnavailable",
};

/** Our message for a Better Auth error without one, by status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: "badRequest",
  401: "unauthorized",
  403: "forbidden",
  404: "notFound",
  405: "methodNotAllowed",
  413: "payloadTooLarge",
  415: "unsupportedMediaType",
  429: "tooManyRequests",
};

function organizationStatus(status: number, code: string | undefined): number {
  if (!code || (status !== 400 && status !== 401)) return status;
  if (FORBIDDEN.test(code)) return 403;
  if (NOT_FOUND.has(code)) return 404;
  return status;
}

/**
 * Gives every Better Auth error the product's shape: a JSON body with a `message` (some of its
 * errors have an empty or plain-text body), and for organization routes a status a client can act
 * on: 403 for a signed-in user without the right, 404 for a member or team that is not there,
 * where Better Auth answers 400 or even 401 (which reads as "signed out").
 */
export async function normalizeAuthError(c: Context<AppEnv>, res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.clone().text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: replaced below.
  }
  const code = typeof body.code === "string" ? body.code : undefined;
  if (c.req.path.startsWith(`${AUTH_BASE_PATH}${TEAM_AUTH_PATH_PREFIX}`)) return organizationError(c, res, code);
  const status = res.status;
  const ours = code ? TRANSLATED[code] : undefined;
  if (ours) return withBody(res, { code, message: messageOf(c, ours) });
  if (typeof body.message === "string" && body.message && status === res.status) return res;
  const fallback = messageOf(c, STATUS_CODES[status] ?? (status >= 500 ? "internal" : "badRequest"));
  const message = typeof body.message === "string" && body.message ? body.message : fallback;
  return withBody(res, { ...body, message });
}

/** The answer with another JSON body, keeping its status and headers. */
function withBody(res: Response, body: Record<string, unknown>): Response {
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

/**
 * An organization route's refusal in the product's words: the known ones with our code, status and
 * translated message, the rest with the translated message of their (corrected) status.
 */
function organizationError(c: Context<AppEnv>, res: Response, code: string | undefined): Response {
  const ours = code ? ORGANIZATION_ERRORS[code] : undefined;
  const answer = ours ? ERRORS[ours] : undefined;
  const status = answer?.status ?? organizationStatus(res.status, code);
  const fallback: ErrorCode = STATUS_CODES[status] ?? (status >= 500 ? "internal" : "badRequest");
  const body = { message: messageOf(c, ours ?? fallback), code: (answer as { code?: string } | undefined)?.code ?? code };
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status, headers });
}

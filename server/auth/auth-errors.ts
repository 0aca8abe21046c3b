import type { Context } from "hono";
import { ERRORS, type ErrorCode } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { messageOf } from "../http/errors.js";
import { AUTH_BASE_PATH, TEAM_AUTH_PATH_PREFIX } from "../identity-paths.js";

/** Organization refusals Better Auth answers with 400 or 401 although the user is signed in. */
const FORBIDDEN = /^(YOU_ARE_NOT_ALLOWED_TO_|YOU_ARE_NOT_A_MEMBER_OF_|USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION$)/;
/** What Better Auth answers with 400 when the member, team or invitation named does not exist for the user. */
const NOT_FOUND = new Set(["MEMBER_NOT_FOUND", "ORGANIZATION_NOT_FOUND", "INVITATION_NOT_FOUND"]);

/**
 * The one table from a code the identity routes answer to the product's refusal (a row of ERRORS:
 * its wire code and the catalog key of its message): the library's own codes, also where our
 * rules answer as the library does (they mimic its refusals). Our own refusals inside the library
 * are `libraryError`s naming their row. A new library code the screens should explain is a line
 * here and a row of ERRORS with its message; codes not listed get the message of their status.
 */
export const LIBRARY_ERRORS: Record<string, ErrorCode> = {
  // Accounts, sign-up and sign-in.
  USER_ALREADY_EXISTS: "userAlreadyExists",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "userAlreadyExistsOtherEmail",
  INVALID_EMAIL: "invalidEmailAddress",
  INVALID_EMAIL_OR_PASSWORD: "invalidEmailOrPassword",
  INVALID_USERNAME_OR_PASSWORD: "invalidUsernameOrPassword",
  EMAIL_NOT_VERIFIED: "signInEmailNotVerified",
  USER_NOT_FOUND: "userNotFound",
  FAILED_TO_CREATE_USER: "failedToCreateUser",
  FAILED_TO_CREATE_SESSION: "failedToCreateSession",
  FAILED_TO_GET_SESSION: "failedToGetSession",
  SESSION_EXPIRED: "sessionExpired",
  SESSION_NOT_FRESH: "reverification",
  BANNED_USER: "bannedUser",
  VALIDATION_ERROR: "validationError",
  MISSING_FIELD: "missingField",
  INVALID_TOKEN: "invalidToken",
  TOKEN_EXPIRED: "tokenExpired",
  INVALID_ORIGIN: "invalidOrigin",
  MISSING_OR_NULL_ORIGIN: "invalidOrigin",
  INVALID_CALLBACK_URL: "invalidOrigin",
  // Passwords: the product's own limits come first (docs/decisions/057).
  INVALID_PASSWORD: "reverificationPasswordIncorrect",
  PASSWORD_TOO_SHORT: "passwordTooShort",
  // The library's own limit is 128 characters; the product's 72 bytes always come first.
  PASSWORD_TOO_LONG: "passwordTooLong",
  // E-mailed codes and the second step.
  INVALID_OTP: "invalidOtp",
  OTP_EXPIRED: "otpExpired",
  INVALID_OTP_TYPE: "invalidOtpType",
  TOO_MANY_ATTEMPTS: "codeTooManyAttempts",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "tooManyAttemptsNewCode",
  INVALID_CODE: "reverificationIncorrect",
  INVALID_BACKUP_CODE: "reverificationIncorrect",
  TOTP_ALREADY_ENABLED: "totpAlreadyEnabled",
  TOTP_NOT_ENABLED: "twoFactorNotEnabled",
  TWO_FACTOR_NOT_ENABLED: "twoFactorNotEnabled",
  BACKUP_CODES_NOT_ENABLED: "twoFactorNotEnabled",
  INVALID_TWO_FACTOR_COOKIE: "invalidTwoFactorCookie",
  ACCOUNT_TEMPORARILY_LOCKED: "accountLocked",
  // Google and connected accounts.
  PROVIDER_NOT_FOUND: "providerNotFound",
  SOCIAL_ACCOUNT_ALREADY_LINKED: "accountAlreadyLinked",
  LINKED_ACCOUNT_ALREADY_EXISTS: "accountAlreadyLinked",
  FAILED_TO_GET_USER_INFO: "failedToGetUserInfo",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "credentialAccountNotFound",
  // The username plugin (our validator decides what is invalid) and our name-length rule.
  USERNAME_TOO_SHORT: "usernameLength",
  USERNAME_TOO_LONG: "usernameLength",
  INVALID_USERNAME: "usernameCharacter",
  USERNAME_IS_ALREADY_TAKEN: "usernameTaken",
  // The passkey plugin.
  PREVIOUSLY_REGISTERED: "passkeyAlreadyExists",
  CHALLENGE_NOT_FOUND: "passkeyTimedOut",
  PASSKEY_NOT_FOUND: "passkeyNotFound",
  AUTHENTICATION_FAILED: "passkeyAuthenticationFailed",
  FAILED_TO_VERIFY_REGISTRATION: "passkeyRegistrationFailed",
  // Organizations (teams).
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: "lastAdmin",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: "lastAdmin",
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: "membershipQuota",
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "alreadyMember",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: "alreadyInvited",
  ORGANIZATION_SLUG_ALREADY_TAKEN: "slugTaken",
  ORGANIZATION_ALREADY_EXISTS: "slugTaken",
  INVALID_SLUG: "invalidSlug",
  ROLE_NOT_FOUND: "invalidRole",
  INVITATION_NOT_FOUND: "invitationNotFound",
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: "invitationForOther",
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: "teamCreationForbidden",
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: "teamLimit",
};

/** Our message for a library error without a row, by status. */
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

const byStatus = (status: number): ErrorCode => STATUS_CODES[status] ?? (status >= 500 ? "internal" : "badRequest");

const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && Object.hasOwn(ERRORS, value);

function organizationStatus(status: number, code: string | undefined): number {
  if (!code || (status !== 400 && status !== 401)) return status;
  if (FORBIDDEN.test(code)) return 403;
  if (NOT_FOUND.has(code)) return 404;
  return status;
}

/**
 * The one path from an identity-library error to the product's answer: `{ message, code }` with a
 * wire code (core/error-codes.ts) and a message in the request's language, through LIBRARY_ERRORS,
 * else the message of the status (some library errors have an empty or plain-text body). On
 * organization routes the status is one a client can act on: the row's, or 403 for a signed-in user
 * without the right and 404 for a member or team that is not there, where Better Auth answers 400 or
 * even 401 (which reads as "signed out").
 */
export async function normalizeAuthError(c: Context<AppEnv>, res: Response): Promise<Response> {
  if (res.status < 400) return res;
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await res.clone().text());
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: replaced below.
  }
  const libraryCode = typeof body.code === "string" ? body.code : undefined;
  const { code: _, message: __, refusal, params, ...rest } = body;
  const row = isErrorCode(refusal) ? refusal : libraryCode ? LIBRARY_ERRORS[libraryCode] : undefined;
  let status = res.status;
  if (c.req.path.startsWith(`${AUTH_BASE_PATH}${TEAM_AUTH_PATH_PREFIX}`))
    status = row ? ERRORS[row].status : organizationStatus(status, libraryCode);
  const answer = row ?? byStatus(status);
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const message = messageOf(c, answer, row === refusal ? (params as Record<string, string | number> | undefined) : undefined);
  return new Response(JSON.stringify({ ...rest, message, code: ERRORS[answer].code }), { status, headers });
}

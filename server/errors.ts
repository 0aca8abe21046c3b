import type { WireCode } from "../core/error-codes.js";

/**
 * The server's error vocabulary: every refusal has a code, and this table is the one place that
 * gives each code its HTTP status and the catalog key of its message. Domain modules throw
 * `AppError`s with a code; the HTTP edge (server/http/errors.ts) turns them into `{ message, code }`
 * answers in the request's language.
 */
export const ERRORS = {
  badRequest: { status: 400, key: "errors:badRequest", code: "bad_request" },
  malformedJson: { status: 400, key: "errors:malformedJson", code: "malformed_json" },
  invalidCharacters: { status: 400, key: "errors:invalidCharacters", code: "invalid_characters" },
  unauthorized: { status: 401, key: "errors:unauthorized", code: "unauthorized" },
  forbidden: { status: 403, key: "errors:forbidden", code: "forbidden" },
  crossSite: { status: 403, key: "errors:crossSite", code: "cross_site" },
  notFound: { status: 404, key: "errors:notFound", code: "not_found" },
  methodNotAllowed: { status: 405, key: "errors:methodNotAllowed", code: "method_not_allowed" },
  // The rest of the body is never read, so the connection cannot be reused.
  payloadTooLarge: { status: 413, key: "errors:payloadTooLarge", code: "payload_too_large", headers: { Connection: "close" } },
  unsupportedMediaType: { status: 415, key: "errors:unsupportedMediaType", code: "unsupported_media_type" },
  tooManyRequests: { status: 429, key: "errors:tooManyRequests", code: "too_many_requests" },
  internal: { status: 500, key: "errors:internal", code: "internal_error" },
  unavailable: { status: 503, key: "errors:unavailable", code: "unavailable", headers: { "Retry-After": "5" } },
  maintenance: { status: 503, key: "errors:maintenance", code: "maintenance", headers: { "Retry-After": "300" } },
  // Readiness probes (GET /readyz): the answer names the failing parts beside the message.
  notReady: { status: 503, key: "errors:notReady", code: "not_ready" },
  shuttingDown: { status: 503, key: "errors:shuttingDown", code: "shutting_down" },

  invalidContact: { status: 400, key: "contact:form.invalid", code: "invalid_contact" },
  contactTooManyRequests: { status: 429, key: "contact:tooManyRequests", code: "too_many_requests" },

  authenticateToCheckout: { status: 401, key: "billing:errors.authenticateToCheckout", code: "authenticate_to_checkout" },
  invalidCheckout: { status: 400, key: "billing:errors.invalidCheckout", code: "invalid_checkout" },
  otherUser: { status: 403, key: "billing:errors.otherUser", code: "other_user" },
  subscriptionRunning: { status: 409, key: "billing:errors.subscriptionRunning", code: "subscription_running" },
  billingPermission: { status: 403, key: "billing:errors.billingPermission", code: "billing_permission" },
  noBillingAccount: { status: 404, key: "billing:errors.noBillingAccount", code: "no_billing_account" },
  paymentFailed: { status: 502, key: "billing:errors.paymentFailed", code: "payment_failed" },
  portalFailed: { status: 502, key: "billing:errors.portalFailed", code: "portal_failed" },
  unknownProvider: { status: 404, key: "billing:errors.unknownProvider", code: "unknown_provider" },
  badSignature: { status: 400, key: "billing:errors.badSignature", code: "bad_signature" },

  invalidImage: { status: 400, key: "account:errors.invalidImage", code: "invalid_image" },
  imageTooLarge: { status: 413, key: "account:errors.imageTooLarge", code: "image_too_large", headers: { Connection: "close" } },

  invalidTeamName: { status: 400, key: "billing:errors.teamName", code: "invalid_team_name" },
  teamsProOnly: { status: 403, key: "billing:errors.teamsProOnly", code: "teams_pro_only" },

  teamNotFound: { status: 404, key: "teams:errors.notFound", code: "team_not_found" },
  teamForbidden: { status: 403, key: "teams:errors.forbidden", code: "team_forbidden" },
  lastAdmin: { status: 403, key: "teams:errors.lastAdmin", code: "organization_minimum_permissions_needed" },
  membershipQuota: { status: 403, key: "teams:errors.membershipQuota", code: "organization_membership_quota_exceeded" },
  alreadyMember: { status: 409, key: "teams:errors.alreadyMember", code: "already_a_member_in_organization" },
  alreadyInvited: { status: 409, key: "teams:errors.alreadyInvited", code: "already_invited" },
  slugTaken: { status: 409, key: "teams:errors.slugTaken", code: "slug_taken" },
  invalidSlug: { status: 400, key: "teams:errors.slug", code: "invalid_slug" },
  teamNameTooLong: { status: 400, key: "teams:errors.nameTooLong", code: "team_name_too_long" },
  invalidRole: { status: 400, key: "teams:errors.role", code: "invalid_role" },
  confirmNameMismatch: { status: 400, key: "teams:errors.confirmName", code: "confirm_name_mismatch" },
  invitationNotFound: { status: 404, key: "teams:errors.invitationNotFound", code: "invitation_not_found" },
  invalidEmail: { status: 400, key: "teams:errors.invalidEmail", code: "invalid_email" },
  noAddresses: { status: 400, key: "teams:errors.noAddresses", code: "no_addresses" },
  tooManyAddresses: { status: 400, key: "teams:errors.tooManyAddresses", code: "too_many_addresses" },
  payerStays: { status: 409, key: "teams:errors.payerStays", code: "billing_owner_required" },
  invalidDomain: { status: 400, key: "teams:errors.invalidDomain", code: "invalid_domain" },
  domainCommon: { status: 400, key: "teams:errors.domainCommon", code: "organization_domain_common" },
  domainBlocked: { status: 400, key: "teams:errors.domainBlocked", code: "organization_domain_blocked" },
  domainTaken: { status: 409, key: "teams:errors.domainTaken", code: "organization_domain_taken" },
  domainAdded: { status: 409, key: "teams:errors.domainAdded", code: "domain_already_added" },
  domainLimit: { status: 409, key: "teams:errors.domainLimit", code: "too_many_domains" },
  domainNotFound: { status: 404, key: "teams:errors.domainNotFound", code: "domain_not_found" },
  domainAddress: { status: 400, key: "teams:errors.domainAddress", code: "domain_address_mismatch" },
  domainCode: { status: 400, key: "teams:errors.domainCode", code: "form_code_incorrect" },
  domainNotVerified: { status: 409, key: "teams:errors.domainNotVerified", code: "domain_not_verified" },
  invalidEnrollment: { status: 400, key: "teams:errors.enrollment", code: "invalid_enrollment_mode" },
  requestNotFound: { status: 404, key: "teams:errors.requestNotFound", code: "request_not_found" },
  invitationForOther: { status: 403, key: "teams:errors.invitationForOther", code: "invitation_for_other_address" },
  // A code we sent whose checks are used up (server/codes/one-time-codes.ts, docs/decisions/079).
  codeTooManyAttempts: { status: 403, key: "auth:errors.too_many_attempts", code: "too_many_attempts" },
  // Account security: the code beside the message lets the screen react (ask again, point to a field).
  reverification: { status: 403, key: "auth:errors.reverification", code: "reverification" },
  reverificationIncorrect: { status: 400, key: "auth:errors.form_code_incorrect", code: "form_code_incorrect" },
  reverificationPasswordIncorrect: { status: 400, key: "auth:errors.form_password_incorrect", code: "form_password_incorrect" },
  reverificationTooManyRequests: { status: 429, key: "auth:errors.too_many_requests", code: "too_many_requests" },
  passwordTooShort: { status: 400, key: "auth:errors.form_password_length_too_short", code: "form_password_length_too_short" },
  passwordTooLong: { status: 400, key: "auth:errors.form_password_size_in_bytes_exceeded", code: "form_password_size_in_bytes_exceeded" },
  passwordNotStrong: { status: 400, key: "auth:errors.form_password_not_strong_enough", code: "form_password_not_strong_enough" },
  passwordPwned: { status: 400, key: "auth:errors.form_password_pwned", code: "form_password_pwned" },
  passwordInvalid: { status: 400, key: "auth:errors.form_password_validation_failed", code: "form_password_validation_failed" },
  passwordAlreadySet: { status: 409, key: "auth:errors.password_already_set", code: "password_already_set" },
  deleteConfirmation: { status: 400, key: "auth:errors.delete_confirmation", code: "delete_confirmation" },
  deleteSoleAdmin: { status: 409, key: "auth:errors.delete_sole_admin", code: "delete_sole_admin" },
  deleteSubscription: { status: 409, key: "auth:errors.delete_subscription", code: "delete_subscription" },

  operatorOnly: { status: 403, key: "operator:errors.operatorOnly", code: "operator_only" },
  operatorNotBannable: { status: 409, key: "operator:errors.operatorNotBannable", code: "operator_not_bannable" },
  invalidBan: { status: 400, key: "operator:errors.invalidBan", code: "invalid_ban" },
  invalidDateRange: { status: 400, key: "operator:errors.invalidDateRange", code: "invalid_date_range" },
  operatorNotImpersonable: { status: 409, key: "operator:errors.operatorNotImpersonable", code: "operator_not_impersonable" },
  bannedNotImpersonable: { status: 409, key: "operator:errors.bannedNotImpersonable", code: "banned_not_impersonable" },
  notImpersonating: { status: 400, key: "operator:errors.notImpersonating", code: "not_impersonating" },
  alreadyVerified: { status: 409, key: "operator:errors.alreadyVerified", code: "already_verified" },
  deleteUserConfirmation: { status: 400, key: "operator:errors.deleteUserConfirmation", code: "delete_confirmation" },
  operatorNotDeletable: { status: 409, key: "operator:errors.operatorNotDeletable", code: "operator_not_deletable" },
  noComplimentaryPlan: { status: 409, key: "operator:errors.noComplimentaryPlan", code: "no_complimentary_plan" },
  invalidComplimentary: { status: 400, key: "operator:errors.invalidComplimentary", code: "invalid_complimentary" },
  exportTooMany: { status: 429, key: "account:errors.exportTooMany", code: "export_too_many" },
  exportLinkInvalid: { status: 404, key: "account:errors.exportLinkInvalid", code: "export_link_invalid" },
  exportLinkUsed: { status: 410, key: "account:errors.exportLinkUsed", code: "export_link_used" },
  exportLinkExpired: { status: 410, key: "account:errors.exportLinkExpired", code: "export_link_expired" },
  teamNotAdmin: { status: 409, key: "operator:errors.teamNotAdmin", code: "member_not_admin" },
  // Enterprise sign-in (docs/decisions/096): a team's connections, and the sign-in through them.
  domainInConnection: {
    status: 409,
    key: "teams:errors.domainInConnection",
    code: "organization_domain_exists_for_enterprise_connection",
  },
  ssoProOnly: { status: 403, key: "teams:errors.ssoProOnly", code: "sso_pro_only" },
  ssoInvalidConnection: { status: 400, key: "teams:errors.ssoInvalidConnection", code: "sso_invalid_connection" },
  ssoDiscoveryFailed: { status: 400, key: "teams:errors.ssoDiscoveryFailed", code: "sso_discovery_failed" },
  ssoSamlMetadataInvalid: { status: 400, key: "teams:errors.ssoSamlMetadataInvalid", code: "sso_saml_metadata_invalid" },
  ssoConnectionNotFound: { status: 404, key: "teams:errors.ssoConnectionNotFound", code: "sso_connection_not_found" },
  ssoNoConnection: { status: 404, key: "auth:errors.sso_no_connection", code: "sso_no_connection" },
  ssoDenied: { status: 403, key: "auth:errors.sso_denied", code: "sso_denied" },
  ssoFailed: { status: 502, key: "auth:errors.sso_failed", code: "sso_failed" },
  ssoAttemptInvalid: { status: 400, key: "auth:errors.sso_attempt_invalid", code: "sso_attempt_invalid" },
  ssoTokenInvalid: { status: 401, key: "auth:errors.sso_token_invalid", code: "sso_token_invalid" },
  ssoAssertionReplayed: { status: 401, key: "auth:errors.sso_assertion_replayed", code: "sso_assertion_replayed" },
  ssoUnknownUser: { status: 403, key: "auth:errors.sso_unknown_user", code: "sso_unknown_user" },
  ssoEmailDomain: { status: 403, key: "auth:errors.sso_email_domain", code: "sso_email_domain" },
  ssoRequired: { status: 403, key: "auth:errors.sso_required", code: "sso_required" },
  ssoManagedAccount: { status: 403, key: "auth:errors.sso_managed_account", code: "sso_managed_account" },
  // Provisioning from the team's directory (SCIM, docs/decisions/100).
  ssoAccountDeactivated: { status: 403, key: "auth:errors.sso_account_deactivated", code: "sso_account_deactivated" },
  scimTokenNotFound: { status: 404, key: "teams:errors.scimTokenNotFound", code: "scim_token_not_found" },
  scimTokenLimit: { status: 409, key: "teams:errors.scimTokenLimit", code: "too_many_scim_tokens" },
  ssoLinkPasswordIncorrect: { status: 400, key: "auth:errors.form_password_incorrect", code: "form_password_incorrect" },
  ssoLinkCodeIncorrect: { status: 400, key: "auth:errors.form_code_incorrect", code: "form_code_incorrect" },
  // The public API (docs/decisions/093): bearer refusals carry RFC 6750's WWW-Authenticate.
  apiInvalidToken: {
    status: 401,
    key: "api:errors.invalidToken",
    code: "invalid_token",
    headers: { "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"' },
  },
  invalidAuthorization: {
    status: 400,
    key: "api:errors.invalidRequest",
    code: "invalid_request",
    headers: { "WWW-Authenticate": 'Bearer realm="api", error="invalid_request"' },
  },
  insufficientScope: { status: 403, key: "api:errors.insufficientScope", code: "insufficient_scope" },
  apiTooManyRequests: { status: 429, key: "api:errors.tooManyRequests", code: "too_many_requests" },
  apiKeyNotFound: { status: 404, key: "api:errors.keyNotFound", code: "api_key_not_found" },
  apiKeyLimit: { status: 409, key: "api:errors.keyLimit", code: "too_many_api_keys" },
  invalidApiKey: { status: 400, key: "api:errors.invalidKey", code: "invalid_api_key" },
  apiKeyTeamScopes: { status: 400, key: "api:errors.teamKeyScopes", code: "invalid_api_key_scopes" },
  // Apps that sign in with the authorization server (docs/decisions/091).
  invalidApp: { status: 400, key: "operator:errors.invalidApp", code: "invalid_app" },
  appNotFound: { status: 404, key: "api:oauth.errors.appNotFound", code: "app_not_found" },
  appConfigured: { status: 409, key: "operator:errors.appConfigured", code: "app_configured" },
  appDisabled: { status: 403, key: "api:oauth.errors.appDisabled", code: "app_disabled" },
  connectedAppNotFound: { status: 404, key: "api:oauth.errors.notConnected", code: "app_not_connected" },
  // Who may sign up (docs/decisions/126, 127, 128).
  legalConsentRequired: { status: 400, key: "auth:errors.legal_consent_required", code: "legal_consent_required" },
  notAllowedAccess: { status: 403, key: "auth:errors.not_allowed_access", code: "not_allowed_access" },
  signUpRestricted: { status: 403, key: "auth:errors.sign_up_restricted", code: "sign_up_restricted" },
  signUpWaitlist: { status: 403, key: "auth:errors.sign_up_waitlist", code: "sign_up_waitlist" },
  waitlistClosed: { status: 404, key: "auth:errors.waitlist_closed", code: "waitlist_closed" },
  waitlistInvalid: { status: 400, key: "auth:errors.waitlist_invalid", code: "waitlist_invalid" },
  waitlistLinkInvalid: { status: 400, key: "auth:errors.waitlist_link_invalid", code: "waitlist_link_invalid" },
  waitlistTooManyRequests: { status: 429, key: "auth:errors.too_many_requests", code: "too_many_requests" },
  // Phone numbers and text messages (docs/decisions/074, 075).
  phoneInvalid: {
    status: 400,
    key: "auth:errors.form_param_format_invalid__phone_number",
    code: "form_param_format_invalid__phone_number",
  },
  phoneTaken: { status: 409, key: "auth:errors.phone_number_exists", code: "phone_number_exists" },
  phoneAlreadyAdded: { status: 409, key: "auth:errors.form_identifier_exists__phone_number", code: "form_identifier_exists__phone_number" },
  phoneLimit: { status: 409, key: "auth:errors.phone_numbers_limit", code: "phone_numbers_limit" },
  phoneNotFound: { status: 404, key: "auth:errors.phone_number_not_found", code: "phone_number_not_found" },
  phoneNotVerified: { status: 409, key: "auth:errors.phone_number_not_verified", code: "phone_number_not_verified" },
  phoneCodeIncorrect: { status: 400, key: "auth:errors.form_code_incorrect", code: "form_code_incorrect" },
  smsTooManyRequests: { status: 429, key: "auth:errors.sms_too_many_requests", code: "sms_too_many_requests" },
  smsFailed: { status: 502, key: "auth:errors.sms_delivery_failed", code: "sms_delivery_failed" },
  // Identifiers: further e-mail addresses, connected accounts, Web3 wallets (docs/decisions/076, 077, 078).
  identificationDeletionFailed: { status: 409, key: "auth:errors.identification_deletion_failed", code: "identification_deletion_failed" },
  emailExists: { status: 409, key: "auth:errors.form_identifier_exists__email_address", code: "form_identifier_exists__email_address" },
  emailFormatInvalid: {
    status: 400,
    key: "auth:errors.form_param_format_invalid__email_address",
    code: "form_param_format_invalid__email_address",
  },
  emailNotVerified: { status: 409, key: "auth:errors.email_address_not_verified", code: "email_address_not_verified" },
  primaryEmailRemoval: { status: 409, key: "auth:errors.primary_email_removal", code: "primary_email_removal" },
  tooManyEmailAddresses: { status: 409, key: "auth:errors.too_many_email_addresses", code: "too_many_email_addresses" },
  identifierCodeIncorrect: { status: 400, key: "auth:errors.form_code_incorrect", code: "form_code_incorrect" },
  identifierTooManyRequests: { status: 429, key: "auth:errors.too_many_requests", code: "too_many_requests" },
  web3MissingIdentifier: { status: 400, key: "auth:errors.web3_missing_identifier", code: "web3_missing_identifier" },
  walletSignatureInvalid: { status: 400, key: "auth:errors.web3_signature_invalid", code: "web3_signature_invalid" },
  walletAddressInvalid: { status: 400, key: "auth:errors.web3_address_invalid", code: "web3_address_invalid" },
  walletExists: { status: 409, key: "auth:errors.form_identifier_exists__web3_wallet", code: "form_identifier_exists__web3_wallet" },
  // The identity library's refusals in the product's words: server/auth/auth-errors.ts maps each of its
  // codes (and those our rules throw through it) to a row. Its routes keep the library's status,
  // except organization routes, which answer the row's; the status here is what the library answers.
  userAlreadyExists: { status: 422, key: "auth:errors.user_already_exists", code: "user_already_exists" },
  userAlreadyExistsOtherEmail: {
    status: 422,
    key: "auth:errors.user_already_exists_use_another_email",
    code: "user_already_exists_use_another_email",
  },
  invalidEmailAddress: { status: 400, key: "auth:errors.invalid_email", code: "invalid_email" },
  invalidEmailOrPassword: { status: 401, key: "auth:errors.invalid_email_or_password", code: "invalid_email_or_password" },
  invalidUsernameOrPassword: { status: 401, key: "auth:errors.invalid_username_or_password", code: "invalid_username_or_password" },
  signInEmailNotVerified: { status: 403, key: "auth:errors.email_not_verified", code: "email_not_verified" },
  userNotFound: { status: 400, key: "auth:errors.user_not_found", code: "user_not_found" },
  failedToCreateUser: { status: 422, key: "auth:errors.failed_to_create_user", code: "failed_to_create_user" },
  failedToCreateSession: { status: 500, key: "auth:errors.failed_to_create_session", code: "failed_to_create_session" },
  failedToGetSession: { status: 500, key: "auth:errors.failed_to_get_session", code: "failed_to_get_session" },
  sessionExpired: { status: 401, key: "auth:errors.session_expired", code: "session_expired" },
  sessionExists: { status: 409, key: "auth:errors.session_exists", code: "session_exists" },
  invalidOtp: { status: 400, key: "auth:errors.invalid_otp", code: "invalid_otp" },
  otpExpired: { status: 400, key: "auth:errors.otp_expired", code: "otp_expired" },
  invalidOtpType: { status: 400, key: "auth:errors.invalid_otp_type", code: "invalid_otp_type" },
  tooManyAttemptsNewCode: {
    status: 400,
    key: "auth:errors.too_many_attempts_request_new_code",
    code: "too_many_attempts_request_new_code",
  },
  validationError: { status: 400, key: "auth:errors.validation_error", code: "validation_error" },
  missingField: { status: 400, key: "auth:errors.missing_field", code: "missing_field" },
  firstNameRequired: { status: 400, key: "auth:errors.first_name_required", code: "first_name_required" },
  nameTooLong: { status: 400, key: "auth:errors.form_param_max_length_exceeded", code: "form_param_max_length_exceeded" },
  teamNameRequired: { status: 400, key: "auth:errors.team_name_required", code: "team_name_required" },
  invalidToken: { status: 400, key: "auth:errors.invalid_token", code: "invalid_token" },
  tokenExpired: { status: 400, key: "auth:errors.token_expired", code: "token_expired" },
  providerNotFound: { status: 404, key: "auth:errors.provider_not_found", code: "provider_not_found" },
  accountAlreadyLinked: { status: 400, key: "auth:errors.social_account_already_linked", code: "social_account_already_linked" },
  failedToGetUserInfo: { status: 400, key: "auth:errors.failed_to_get_user_info", code: "failed_to_get_user_info" },
  credentialAccountNotFound: { status: 400, key: "auth:errors.credential_account_not_found", code: "credential_account_not_found" },
  // Unlinking an account the user does not have: no message of its own, the request is simply wrong.
  accountNotFound: { status: 400, key: "errors:badRequest", code: "account_not_found" },
  invalidOrigin: { status: 403, key: "auth:errors.invalid_origin", code: "invalid_origin" },
  teamCreationForbidden: {
    status: 403,
    key: "auth:errors.you_are_not_allowed_to_create_a_new_organization",
    code: "you_are_not_allowed_to_create_a_new_organization",
  },
  teamLimit: {
    status: 403,
    key: "auth:errors.you_have_reached_the_maximum_number_of_organizations",
    code: "you_have_reached_the_maximum_number_of_organizations",
  },
  totpAlreadyEnabled: { status: 400, key: "auth:errors.totp_already_enabled", code: "totp_already_enabled" },
  twoFactorNotEnabled: { status: 400, key: "auth:errors.two_factor_not_enabled", code: "two_factor_not_enabled" },
  invalidTwoFactorCookie: { status: 401, key: "auth:errors.invalid_two_factor_cookie", code: "invalid_two_factor_cookie" },
  accountLocked: { status: 403, key: "auth:errors.account_temporarily_locked", code: "account_temporarily_locked" },
  bannedUser: { status: 403, key: "auth:errors.banned_user", code: "banned_user" },
  usernameTaken: { status: 400, key: "auth:errors.form_identifier_exists__username", code: "form_identifier_exists__username" },
  usernameLength: { status: 400, key: "auth:errors.form_username_invalid_length", code: "form_username_invalid_length" },
  usernameCharacter: { status: 400, key: "auth:errors.form_username_invalid_character", code: "form_username_invalid_character" },
  passwordPwnedSignIn: { status: 403, key: "auth:errors.form_password_pwned_sign_in", code: "form_password_pwned_sign_in" },
  passkeyAlreadyExists: { status: 400, key: "auth:errors.passkey_already_exists", code: "passkey_already_exists" },
  passkeyTimedOut: { status: 400, key: "auth:errors.passkey_timed_out", code: "passkey_timed_out" },
  passkeyNotFound: { status: 400, key: "auth:errors.passkey_not_found", code: "passkey_not_found" },
  passkeyAuthenticationFailed: { status: 401, key: "auth:errors.passkey_authentication_failed", code: "passkey_authentication_failed" },
  passkeyRegistrationFailed: { status: 400, key: "auth:errors.passkey_registration_failed", code: "passkey_registration_failed" },
  signInLinkExpired: { status: 400, key: "auth:errors.verification_link_expired", code: "verification_link_expired" },
  signInLinkInvalid: { status: 400, key: "auth:errors.verification_link_invalid", code: "verification_link_invalid" },
  // Proof of work against bots (docs/decisions/129).
  captchaInvalid: { status: 400, key: "auth:errors.captcha_invalid", code: "captcha_invalid" },
  captchaUnavailable: { status: 503, key: "auth:errors.captcha_unavailable", code: "captcha_unavailable", headers: { "Retry-After": "5" } },
} as const satisfies Record<string, ErrorAnswer>;

export interface ErrorAnswer {
  status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;
  /** `namespace:key` of the message in locales/{lng}/. */
  key: string;
  headers?: Record<string, string>;
  /** The stable code answered beside the message (core/error-codes.ts), for clients that react to it. */
  code: WireCode;
}

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorData {
  /** Values for the message's placeholders, such as `{ seconds }`. */
  params?: Record<string, string | number>;
  /** Per-field catalog keys of a refused form; answered translated as `errors`. */
  fields?: Record<string, string>;
  /** Headers of the answer beside the code's own, such as Retry-After or Allow. */
  headers?: Record<string, string>;
}

/** A refusal with a code from `ERRORS`; it knows nothing about HTTP or languages. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly data: ErrorData = {},
  ) {
    super(code);
    this.name = "AppError";
  }
}

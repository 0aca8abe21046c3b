/** Where Better Auth is mounted. */
export const AUTH_BASE_PATH = "/api/auth";

/**
 * Every identity-library route the server names, below `AUTH_BASE_PATH`, keyed by the library's
 * own name for the endpoint (`auth.api.<name>`). Rules are switched on by these paths, so a path the
 * library renamed would switch a rule off without a word: tests/integration/identity-paths.test.ts
 * compares each one with the routes the configured library mounts, and refuses a path spelled
 * anywhere else in server/ (docs/decisions/142).
 */
export const LIBRARY_PATH = {
  // Accounts, sessions and sign-in by password or Google.
  signUpEmail: "/sign-up/email",
  signInEmail: "/sign-in/email",
  signInSocial: "/sign-in/social",
  callbackOAuth: "/callback/:id",
  getSession: "/get-session",
  signOut: "/sign-out",
  updateUser: "/update-user",
  changeEmail: "/change-email",
  changePassword: "/change-password",
  deleteUser: "/delete-user",
  verifyEmail: "/verify-email",
  sendVerificationEmail: "/send-verification-email",
  requestPasswordReset: "/request-password-reset",
  resetPassword: "/reset-password",
  requestPasswordResetCallback: "/reset-password/:token",
  revokeSession: "/revoke-session",
  revokeSessions: "/revoke-sessions",
  revokeOtherSessions: "/revoke-other-sessions",
  linkSocialAccount: "/link-social",
  unlinkAccount: "/unlink-account",
  ok: "/ok",
  error: "/error",
  // E-mailed codes (emailOTP plugin).
  sendVerificationOTP: "/email-otp/send-verification-otp",
  checkVerificationOTP: "/email-otp/check-verification-otp",
  verifyEmailOTP: "/email-otp/verify-email",
  signInEmailOTP: "/sign-in/email-otp",
  requestPasswordResetEmailOTP: "/email-otp/request-password-reset",
  forgetPasswordEmailOTP: "/forget-password/email-otp",
  resetPasswordEmailOTP: "/email-otp/reset-password",
  requestEmailChangeEmailOTP: "/email-otp/request-email-change",
  // Usernames.
  signInUsername: "/sign-in/username",
  // Two-step verification (twoFactor plugin).
  enableTwoFactor: "/two-factor/enable",
  disableTwoFactor: "/two-factor/disable",
  getTOTPURI: "/two-factor/get-totp-uri",
  generateBackupCodes: "/two-factor/generate-backup-codes",
  verifyTOTP: "/two-factor/verify-totp",
  verifyBackupCode: "/two-factor/verify-backup-code",
  sendTwoFactorOTP: "/two-factor/send-otp",
  verifyTwoFactorOTP: "/two-factor/verify-otp",
  // Passkeys.
  generatePasskeyRegistrationOptions: "/passkey/generate-register-options",
  verifyPasskeyRegistration: "/passkey/verify-registration",
  generatePasskeyAuthenticationOptions: "/passkey/generate-authenticate-options",
  verifyPasskeyAuthentication: "/passkey/verify-authentication",
  deletePasskey: "/passkey/delete-passkey",
  // Teams (organization plugin).
  createOrganization: "/organization/create",
  updateOrganization: "/organization/update",
  listOrganizations: "/organization/list",
  checkOrganizationSlug: "/organization/check-slug",
  setActiveOrganization: "/organization/set-active",
  getFullOrganization: "/organization/get-full-organization",
  getActiveMember: "/organization/get-active-member",
  getActiveMemberRole: "/organization/get-active-member-role",
  listMembers: "/organization/list-members",
  createInvitation: "/organization/invite-member",
  cancelInvitation: "/organization/cancel-invitation",
  acceptInvitation: "/organization/accept-invitation",
  rejectInvitation: "/organization/reject-invitation",
  getInvitation: "/organization/get-invitation",
  listInvitations: "/organization/list-invitations",
  listUserInvitations: "/organization/list-user-invitations",
  updateMemberRole: "/organization/update-member-role",
  removeMember: "/organization/remove-member",
  leaveOrganization: "/organization/leave",
  // The admin plugin (switched off, see UNUSED_AUTH_PATHS).
  setRole: "/admin/set-role",
  getUser: "/admin/get-user",
  createUser: "/admin/create-user",
  adminUpdateUser: "/admin/update-user",
  listUsers: "/admin/list-users",
  listUserSessions: "/admin/list-user-sessions",
  unbanUser: "/admin/unban-user",
  banUser: "/admin/ban-user",
  impersonateUser: "/admin/impersonate-user",
  stopImpersonating: "/admin/stop-impersonating",
  revokeUserSession: "/admin/revoke-user-session",
  revokeUserSessions: "/admin/revoke-user-sessions",
  removeUser: "/admin/remove-user",
  setUserPassword: "/admin/set-user-password",
  userHasPermission: "/admin/has-permission",
  // The authorization server (OAuth provider and JWT plugins, docs/decisions/089).
  getJwks: "/jwks",
  getToken: "/token",
  oauth2Authorize: "/oauth2/authorize",
  oauth2Consent: "/oauth2/consent",
  oauth2Continue: "/oauth2/continue",
  oauth2Token: "/oauth2/token",
  oauth2Introspect: "/oauth2/introspect",
  oauth2Revoke: "/oauth2/revoke",
  oauth2UserInfo: "/oauth2/userinfo",
  oauth2EndSession: "/oauth2/end-session",
  oauth2EndSessionConfirmation: "/oauth2/end-session/confirm",
  registerOAuthClient: "/oauth2/register",
  createOAuthClient: "/oauth2/create-client",
  getOAuthClient: "/oauth2/get-client",
  getOAuthClientPublic: "/oauth2/public-client",
  getOAuthClientPublicPrelogin: "/oauth2/public-client-prelogin",
  getOAuthClients: "/oauth2/get-clients",
  updateOAuthClient: "/oauth2/update-client",
  rotateClientSecret: "/oauth2/client/rotate-secret",
  deleteOAuthClient: "/oauth2/delete-client",
  getOAuthConsent: "/oauth2/get-consent",
  getOAuthConsents: "/oauth2/get-consents",
  updateOAuthConsent: "/oauth2/update-consent",
  deleteOAuthConsent: "/oauth2/delete-consent",
} as const;

/** The identity routes our own plugins add below `AUTH_BASE_PATH`, keyed by their endpoint names. */
export const OWN_AUTH_PATH = {
  // Sign-in by e-mailed link (server/auth/sign-in-link.ts).
  sendSignInLink: "/sign-in-link/send",
  signInLinkStatus: "/sign-in-link/status",
  openSignInLink: "/sign-in-link/open",
  completeSignInLink: "/sign-in-link/complete",
  confirmSignInLink: "/sign-in-link/confirm",
  // Phone sign-in and the text message second step (server/phone/phone-sign-in.ts).
  sendPhoneSignInCode: "/phone/send-sign-in-code",
  signInPhone: "/sign-in/phone",
  phoneSecondFactor: "/phone/second-factor",
  // The sign-in methods offered (server/auth/providers.ts).
  authProviders: "/providers",
  // Sign-in with a connected Web3 wallet (server/auth/wallet-sign-in.ts).
  walletSignInChallenge: "/sign-in/wallet/challenge",
  walletSignIn: "/sign-in/wallet",
  // Enterprise sign-in through a team's identity provider (server/enterprise/sso-sign-in.ts).
  ssoStart: "/sso/start",
  ssoCallback: "/sso/callback",
  // SAML 2.0: the browser's way back after our ACS (outside /api, server/enterprise/saml/) verified the provider's answer.
  ssoSamlFinish: "/sso/saml/finish",
  ssoLinkView: "/sso/link/view",
  ssoLinkCode: "/sso/link/code",
  ssoLink: "/sso/link",
} as const;

/** The team routes' common beginning: the team gate runs in front of them and their errors are the teams'. */
export const TEAM_AUTH_PATH_PREFIX = "/organization/";

const L = LIBRARY_PATH;
const OWN = OWN_AUTH_PATH;

/** Better Auth routes switched off (answered 404): see `disabledPaths` in auth.ts. Sign-in by e-mailed code is switched by `SIGN_IN_EMAIL_CODE`. */
export const UNUSED_AUTH_PATHS = [
  L.forgetPasswordEmailOTP,
  L.sendVerificationEmail,
  L.checkVerificationOTP,
  // The admin plugin's routes: operators act through the console's own routes (/api/admin/*),
  // which check the role in the database and write the audit log; the plugin keeps the fields and
  // refuses sessions to banned users.
  L.setRole,
  L.getUser,
  L.createUser,
  L.adminUpdateUser,
  L.listUsers,
  L.listUserSessions,
  L.unbanUser,
  L.banUser,
  L.impersonateUser,
  L.stopImpersonating,
  L.revokeUserSession,
  L.revokeUserSessions,
  L.removeUser,
  L.setUserPassword,
  L.userHasPermission,
  // The authorization server's routes beyond the protocol: sessions are not handed out as JWTs, apps
  // are registered by operators and connected apps listed and disconnected through our own routes
  // (server/oauth/), and sign-out is the site's own.
  L.getToken,
  L.oauth2Continue,
  L.oauth2EndSession,
  L.oauth2EndSessionConfirmation,
  L.registerOAuthClient,
  L.createOAuthClient,
  L.getOAuthClient,
  L.getOAuthClientPublic,
  L.getOAuthClientPublicPrelogin,
  L.getOAuthClients,
  L.updateOAuthClient,
  L.rotateClientSecret,
  L.deleteOAuthClient,
  L.getOAuthConsent,
  L.getOAuthConsents,
  L.updateOAuthConsent,
  L.deleteOAuthConsent,
] as const;

/**
 * The identity routes a visitor without a session uses: signing up and in (by password with an e-mail address or username, or Google,
 * whose return is `/callback/:id`), the e-mailed codes and links of verification and password
 * reset, the second step of a sign-in with two-step verification (the authenticator, a text
 * message code or a backup code, tied to the sign-in by its own short-lived cookie), signing in
 * with a code sent to a phone, signing in with a passkey (its challenge and the answer), with an
 * e-mailed code or an e-mailed link (docs/decisions/072), reading the session and the offered
 * sign-in methods, and signing out (which must also clear a cookie whose session has already
 * ended). Every other route under /api/auth needs a session, checked before its body is read
 * (see `sessionFirst`).
 */
export const PUBLIC_AUTH_PATHS = [
  L.signUpEmail,
  L.signInEmail,
  L.signInUsername,
  L.signInSocial,
  L.callbackOAuth,
  L.sendVerificationOTP,
  L.verifyEmailOTP,
  L.requestPasswordResetEmailOTP,
  L.resetPasswordEmailOTP,
  L.verifyEmail,
  L.requestPasswordReset,
  L.resetPassword,
  L.requestPasswordResetCallback,
  L.verifyTOTP,
  L.verifyBackupCode,
  L.generatePasskeyAuthenticationOptions,
  L.verifyPasskeyAuthentication,
  L.signInEmailOTP,
  OWN.sendSignInLink,
  OWN.signInLinkStatus,
  OWN.openSignInLink,
  OWN.completeSignInLink,
  OWN.confirmSignInLink,
  // Phone sign-in and the text message second step (server/phone/phone-sign-in.ts): the code, the
  // sign-in, and on the second step which number is offered, the code sent to it and its check.
  OWN.sendPhoneSignInCode,
  OWN.signInPhone,
  OWN.phoneSecondFactor,
  L.sendTwoFactorOTP,
  L.verifyTwoFactorOTP,
  OWN.walletSignInChallenge,
  OWN.walletSignIn,
  // Enterprise sign-in: its start, the provider's return, and the confirmation of a link to an existing account.
  OWN.ssoStart,
  OWN.ssoCallback,
  OWN.ssoSamlFinish,
  OWN.ssoLinkView,
  OWN.ssoLinkCode,
  OWN.ssoLink,
  L.getSession,
  L.signOut,
  OWN.authProviders,
  // The authorization server's protocol routes: an app has no session (the authorization sends a
  // visitor to sign in first), and its token, revocation, introspection and userinfo calls carry
  // their own credentials. The consent's answer needs the session.
  L.oauth2Authorize,
  L.oauth2Token,
  L.oauth2Revoke,
  L.oauth2Introspect,
  L.oauth2UserInfo,
  L.getJwks,
  L.ok,
  L.error,
] as const;

/** Whether a route path matches a pattern whose `:name` parts stand for any one non-empty segment. */
export const pathMatches = (pattern: string, path: string) => {
  const want = pattern.split("/");
  const got = path.split("/");
  return want.length === got.length && want.every((part, i) => part === got[i] || (part.startsWith(":") && got[i] !== ""));
};

/** Whether an identity route (its path below /api/auth) needs a signed-in session. */
export function authPathNeedsSession(path: string): boolean {
  return ![...PUBLIC_AUTH_PATHS, ...UNUSED_AUTH_PATHS].some((pattern) => pathMatches(pattern, path));
}

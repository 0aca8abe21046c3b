/** Where Better Auth is mounted. */
export const AUTH_BASE_PATH = "/api/auth";

/** Better Auth routes switched off (answered 404): see `disabledPaths` in auth.ts. Sign-in by e-mailed code is switched by `SIGN_IN_EMAIL_CODE`. */
export const UNUSED_AUTH_PATHS = [
  "/forget-password/email-otp",
  "/send-verification-email",
  "/email-otp/check-verification-otp",
  // The admin plugin's routes: operators act through the console's own routes (/api/admin/*),
  // which check the role in the database and write the audit log; the plugin keeps the fields and
  // refuses sessions to banned users.
  "/admin/set-role",
  "/admin/get-user",
  "/admin/create-user",
  "/admin/update-user",
  "/admin/list-users",
  "/admin/list-user-sessions",
  "/admin/unban-user",
  "/admin/ban-user",
  "/admin/impersonate-user",
  "/admin/stop-impersonating",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
  "/admin/remove-user",
  "/admin/set-user-password",
  "/admin/has-permission",
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
  "/sign-up/email",
  "/sign-in/email",
  "/sign-in/username",
  "/sign-in/social",
  "/callback/:id",
  "/email-otp/send-verification-otp",
  "/email-otp/verify-email",
  "/email-otp/request-password-reset",
  "/email-otp/reset-password",
  "/verify-email",
  "/request-password-reset",
  "/reset-password",
  "/reset-password/:token",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/passkey/generate-authenticate-options",
  "/passkey/verify-authentication",
  "/sign-in/email-otp",
  "/sign-in-link/send",
  "/sign-in-link/status",
  "/sign-in-link/open",
  "/sign-in-link/complete",
  "/sign-in-link/confirm",
  // Phone sign-in and the text message second step (server/phone/phone-sign-in.ts): the code, the
  // sign-in, and on the second step which number is offered, the code sent to it and its check.
  "/phone/send-sign-in-code",
  "/sign-in/phone",
  "/phone/second-factor",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/sign-in/wallet/challenge",
  "/sign-in/wallet",
  "/get-session",
  "/sign-out",
  "/providers",
  "/ok",
  "/error",
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

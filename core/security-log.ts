import type { AuditAction } from "./operator";

/**
 * The user's security log (docs/decisions/088): what counts as a security change of an account,
 * and how the security page's "Recent security activity" receives it.
 */
export const SECURITY_EVENT_TYPES = [
  "password_set",
  "password_changed",
  "password_reset",
  "second_factor_added",
  "second_factor_removed",
  "backup_codes_regenerated",
  "passkey_added",
  "passkey_removed",
  "email_added",
  "email_removed",
  "email_primary",
  "phone_added",
  "phone_removed",
  "connected_account_linked",
  "connected_account_unlinked",
  "wallet_added",
  "wallet_removed",
  "new_device_sign_in",
  "sessions_ended",
  "operator_action",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** The operator actions on an account that its owner sees in the log (a deletion leaves no owner to see it). */
export const USER_VISIBLE_OPERATOR_ACTIONS = [
  "user.ban",
  "user.unban",
  "user.sessions.revoke",
  "user.session.revoke",
  "user.verification.resend",
  "user.complimentary.grant",
  "user.complimentary.end",
  "user.impersonate",
  "user.impersonate.stop",
  "user.export",
] as const satisfies readonly AuditAction[];
export type UserVisibleOperatorAction = (typeof USER_VISIBLE_OPERATOR_ACTIONS)[number];

export const SECURITY_EVENTS_PAGE_SIZE = 10;

/** One entry of the log as the account's owner sees it. */
export interface SecurityEvent {
  id: number;
  at: string;
  type: SecurityEventType;
  /** Who made the change: the account's own sign-in, or an operator from the console. */
  actor: "self" | "operator";
  /** Browser and system of the device that made the change, null when unknown (or an operator's). */
  browser: string | null;
  os: string | null;
  /**
   * Where the request came from: no offline source of places is installed, so the first
   * characters of the client address's keyed hash tell addresses apart without showing them.
   */
  addressHash: string | null;
  /** What the event is about: the method of a second factor, the provider of a connected account, the operator action. */
  subject: string | null;
}

/** GET /api/account/security-events?page=N: one page, newest first. */
export interface SecurityEventPage {
  items: SecurityEvent[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The operator console's rules and API shapes, shared by its screens and the server. An operator
 * is a user whose role (the identity library's admin plugin) is `OPERATOR_ROLE`; team roles are
 * a different thing and never make anyone an operator. Request bodies and answers are the schemas
 * of core/api/operator.ts; the types here are theirs.
 */
import type { z } from "zod";
import type * as api from "./api/operator";

export const OPERATOR_ROLE = "admin";

/** Whether a user (as the session returns it) may use the console. */
export function isOperator(user: { role?: string | null } | null | undefined): boolean {
  return user?.role === OPERATOR_ROLE;
}

export const OPERATOR_PAGE_SIZE = 25;
/** A search shorter than this matches too much to be useful and is ignored. */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 200;
export const BAN_REASON_MAX = 500;

export const USER_SORTS = ["createdAt", "email", "name"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The user list's filters; absent means "any". */
export const USER_FILTERS = {
  status: ["active", "banned", "unverified"],
  plan: ["individual", "pro"],
} as const;

/** GET /api/admin/users: the query. */
export interface UserListQuery {
  q?: string;
  page?: number;
  sort?: UserSort;
  dir?: SortDirection;
  status?: (typeof USER_FILTERS.status)[number];
  plan?: (typeof USER_FILTERS.plan)[number];
  /** The subscription status the user's billing fields hold now. */
  subscription?: SubscriptionStatus;
  /** Signed up on or after this day (YYYY-MM-DD, UTC). */
  createdFrom?: string;
  /** Signed up on or before this day (YYYY-MM-DD, UTC), the whole day included. */
  createdTo?: string;
}

/** Whether a value is a real calendar day written YYYY-MM-DD (what a date input sends). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** Whether a "created between" range is usable: each end a calendar day, and from not after to. */
export function isDayRange(from: string | undefined, to: string | undefined): boolean {
  if (from !== undefined && !isCalendarDay(from)) return false;
  if (to !== undefined && !isCalendarDay(to)) return false;
  return from === undefined || to === undefined || from <= to;
}

export type OperatorUserRow = z.output<typeof api.operatorUserRow>;

/** One page of a console list (the shape of core/api/operator.ts's `paged`). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type OperatorSessionRow = z.output<typeof api.operatorSessionRow>;
export type OperatorUserDetail = z.output<typeof api.operatorUserDetail>;
export type ImpersonationEnd = z.output<typeof api.impersonationEnd>;

/** POST /api/admin/users/:userId/ban: the body. */
export type BanRequest = z.input<typeof api.banBody>;

export type AuditEntry = z.output<typeof api.auditEntry>;

/** The actions written to the audit log (their labels are in the operator catalog). */
export const AUDIT_ACTIONS = [
  "role.grant",
  "role.revoke",
  "user.ban",
  "user.unban",
  "user.sessions.revoke",
  "user.session.revoke",
  "contact.handle",
  "contact.spam",
  "contact.reopen",
  "contact.retry",
  "contact.export",
  "user.impersonate",
  "user.impersonate.stop",
  "user.verification.resend",
  "user.delete",
  "user.complimentary.grant",
  "user.complimentary.end",
  "team.member.remove",
  "team.invitation.revoke",
  "team.admin.transfer",
  "user.export",
  "team.sso.create",
  "team.sso.state",
  "team.sso.delete",
  "team.sso.disable",
  "team.sso.enable",
  "team.scim_token.create",
  "team.scim_token.revoke",
  "team.scim.provision",
  "team.scim.deactivate",
  "team.scim.reactivate",
  "team.scim.delete",
  "api_key.create",
  "api_key.revoke",
  "app.create",
  "app.disable",
  "app.enable",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type OperatorOverview = z.output<typeof api.operatorOverview>;

/** The overview's chart ranges, in days ending today. */
export const OVERVIEW_RANGES = [30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
/** The figures counted per day (definitions in docs/decisions/084). */
export const DAILY_FIGURES = ["signUps", "trialsStarted", "trialsConverted", "contactRequests"] as const;
export type DailyFigure = (typeof DAILY_FIGURES)[number];

export type OperatorDaily = z.output<typeof api.operatorDaily>;

/** Where a contact request stands for the operators: new, handled (with a note) or spam. */
export const CONTACT_STATES = ["new", "handled", "spam"] as const;
export type ContactState = (typeof CONTACT_STATES)[number];
export const HANDLED_NOTE_MAX = 2000;

export type OperatorContactRequest = z.output<typeof api.operatorContactRequest>;

/** POST /api/admin/contact-requests/:requestId: the body. */
export type ContactRequestChange = z.input<typeof api.contactRequestChangeBody>;

/** The statuses the subscription list filters by (the providers' own words). */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "incomplete", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Trials ending within this many days are listed apart. */
export const TRIAL_ENDING_DAYS = 7;

export type OperatorSubscription = z.output<typeof api.operatorSubscription>;
export type SubscriptionFigures = z.output<typeof api.subscriptionFigures>;

export const TEAM_SORTS = ["createdAt", "name", "members"] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

/** GET /api/admin/teams: the query. */
export interface TeamListQuery {
  q?: string;
  page?: number;
  sort?: TeamSort;
  dir?: SortDirection;
}

export type OperatorTeamRow = z.output<typeof api.operatorTeamRow>;
export type OperatorTeamMember = z.output<typeof api.operatorTeamMember>;
export type OperatorTeamDetail = z.output<typeof api.operatorTeamDetail>;
export type OperatorDataExport = z.output<typeof api.operatorDataExport>;

/** The console's routes, merged into `ApiRoutes`. */
export interface OperatorRoutes {
  "GET /api/admin/overview": { answer: OperatorOverview };
  "GET /api/admin/overview/daily": { answer: OperatorDaily };
  "GET /api/admin/users": { answer: Paged<OperatorUserRow> };
  "GET /api/admin/users/:userId": { answer: OperatorUserDetail };
  "POST /api/admin/users/:userId/ban": { body: BanRequest; answer: { ok: true } };
  "POST /api/admin/users/:userId/unban": { answer: { ok: true } };
  "POST /api/admin/users/:userId/sessions/revoke": { body: z.input<typeof api.revokeSessionsBody>; answer: { revoked: number } };
  "GET /api/admin/audit-log": { answer: Paged<AuditEntry> };
  "POST /api/admin/users/:userId/impersonate": { answer: { ok: true } };
  "POST /api/impersonation/stop": { answer: ImpersonationEnd };
  "POST /api/admin/users/:userId/verification": { answer: { ok: true } };
  "POST /api/admin/users/:userId/delete": { body: z.input<typeof api.deleteUserBody>; answer: { ok: true } };
  "POST /api/admin/users/:userId/complimentary": { body: z.input<typeof api.complimentaryBody>; answer: { ok: true } };
  "POST /api/admin/users/:userId/complimentary/end": { answer: { ok: true } };
  "GET /api/admin/contact-requests": { answer: z.output<typeof api.operatorContactRequestPage> };
  "GET /api/admin/subscriptions": {
    answer: z.output<typeof api.operatorSubscriptionPage>;
  };
  "POST /api/admin/contact-requests/:requestId": { body: ContactRequestChange; answer: { ok: true } };
  "POST /api/admin/contact-requests/:requestId/retry": { answer: { retried: number } };
  "GET /api/admin/teams": { answer: Paged<OperatorTeamRow> };
  "GET /api/admin/teams/:teamId": { answer: OperatorTeamDetail };
  "POST /api/admin/teams/:teamId/members/:memberId/remove": { answer: { ok: true } };
  "POST /api/admin/teams/:teamId/invitations/:invitationId/revoke": { answer: { ok: true } };
  "POST /api/admin/teams/:teamId/transfer-admin": { body: z.input<typeof api.transferAdminBody>; answer: { ok: true } };
  "POST /api/admin/teams/:teamId/sso/:connectionId/disable": { answer: { ok: true } };
  "POST /api/admin/teams/:teamId/sso/:connectionId/enable": { answer: { ok: true } };
  "GET /api/admin/users/:userId/exports": { answer: z.output<typeof api.operatorDataExportList> };
  "POST /api/admin/users/:userId/exports": { answer: { ok: true } };
}

/**
 * The operator console's rules and API shapes, shared by its screens and the server. An operator
 * is a user whose role (the identity library's admin plugin) is `OPERATOR_ROLE`; team roles are
 * a different thing and never make anyone an operator. Request bodies are the schemas of
 * core/api/operator.ts.
 */
import type { z } from "zod";
import type * as bodies from "./api/operator";

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

export interface OperatorUserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  planType: string | null;
  subscriptionStatus: string | null;
  banned: boolean;
  operator: boolean;
  createdAt: string;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface OperatorSessionRow {
  id: string;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  /** Opened by an operator acting as the user. */
  impersonated: boolean;
}

/** GET /api/admin/users/:userId. */
export interface OperatorUserDetail extends OperatorUserRow {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  locale: string | null;
  image: string | null;
  twoFactorEnabled: boolean;
  banReason: string | null;
  banExpires: string | null;
  trialEndsAt: string | null;
  /** How the user signs in: "password", "google". */
  signInMethods: string[];
  sessions: OperatorSessionRow[];
  teams: { id: string; name: string; role: string }[];
  contactRequests: { id: string; createdAt: string; status: string }[];
  /** The running complimentary pro plan and its end (null: without end); null when there is none. */
  complimentary: { endsAt: string | null } | null;
  /** When the user agreed to the terms and privacy policy, and to which version; null when not yet. */
  consent: { at: string; version: string | null } | null;
}

/** POST /api/impersonation/stop: the user who was impersonated, and whether the operator is signed in again as themself. */
export interface ImpersonationEnd {
  userId: string;
  operatorSignedIn: boolean;
}

/** POST /api/admin/users/:userId/ban: the body. */
export type BanRequest = z.input<typeof bodies.banBody>;

export interface AuditEntry {
  id: number;
  at: string;
  /** Null for an action from the command line. */
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string | null;
  outcome: "success" | "failure";
  details: Record<string, unknown> | null;
}

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
  "api_key.create",
  "api_key.revoke",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/admin/overview: figures of the overview page. */
export interface OperatorOverview {
  users: number;
  newUsers30Days: number;
  teams: number;
  activeSubscriptions: number;
  trialing: number;
  contactRequests: number;
}

/** The overview's chart ranges, in days ending today. */
export const OVERVIEW_RANGES = [30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
/** The figures counted per day (definitions in docs/decisions/084). */
export const DAILY_FIGURES = ["signUps", "trialsStarted", "trialsConverted", "contactRequests"] as const;
export type DailyFigure = (typeof DAILY_FIGURES)[number];

/** GET /api/admin/overview/daily?days=30|90: one entry per UTC day, oldest first, today last. */
export interface OperatorDaily {
  days: OverviewRange;
  timeZone: "UTC";
  series: ({ day: string } & Record<DailyFigure, number>)[];
}

/** Where a contact request stands for the operators: new, handled (with a note) or spam. */
export const CONTACT_STATES = ["new", "handled", "spam"] as const;
export type ContactState = (typeof CONTACT_STATES)[number];
export const HANDLED_NOTE_MAX = 2000;

export interface OperatorContactRequest {
  id: string;
  createdAt: string;
  state: ContactState;
  name: string;
  email: string;
  company: string | null;
  message: string | null;
  language: string;
  /** The notification mails: delivered, waiting (will be tried again) and given up. */
  mails: { sent: number; waiting: number; failed: number };
  handledAt: string | null;
  handledBy: string | null;
  note: string | null;
}

/** POST /api/admin/contact-requests/:requestId: the body. */
export type ContactRequestChange = z.input<typeof bodies.contactRequestChangeBody>;

/** The statuses the subscription list filters by (the providers' own words). */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "incomplete", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Trials ending within this many days are listed apart. */
export const TRIAL_ENDING_DAYS = 7;

export interface OperatorSubscription {
  provider: string;
  id: string;
  status: string;
  userId: string;
  email: string;
  name: string;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The price billed, in the currency's smallest unit per interval; null when the provider did not say. */
  price: { unitAmount: number; currency: string; interval: string; intervalCount: number } | null;
  updatedAt: string;
}

/** GET /api/admin/subscriptions: the list's page and the figures above it. */
export interface SubscriptionFigures {
  counts: Record<SubscriptionStatus, number>;
  trialsEnding: number;
  /** Per currency, in its smallest unit (cents), rounded. */
  monthlyRecurringRevenue: { currency: string; amount: number }[];
}

export const TEAM_SORTS = ["createdAt", "name", "members"] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

/** GET /api/admin/teams: the query. */
export interface TeamListQuery {
  q?: string;
  page?: number;
  sort?: TeamSort;
  dir?: SortDirection;
}

export interface OperatorTeamRow {
  id: string;
  name: string;
  slug: string;
  /** The team's logo (an image URL), or null. */
  logo: string | null;
  createdAt: string;
  memberCount: number;
  /** The plan of the admin who pays for the team (docs/decisions/069). */
  plan: "pro" | "individual";
  payerEmail: string | null;
}

export interface OperatorTeamMember {
  /** The membership's id (what the actions name). */
  id: string;
  userId: string;
  name: string;
  email: string;
  role: string;
  joinedAt: string;
  pays: boolean;
}

/** GET /api/admin/teams/:teamId. */
export interface OperatorTeamDetail extends OperatorTeamRow {
  members: OperatorTeamMember[];
  invitations: { id: string; email: string; role: string; invitedAt: string; expiresAt: string; expired: boolean }[];
  domains: { id: string; domain: string; verified: boolean; enrollmentMode: string }[];
  billing: {
    payer: { id: string; name: string; email: string } | null;
    subscriptionStatus: string | null;
    /** When the running trial or period ends; null without a subscription. */
    renewsOrEndsAt: string | null;
    cancelAtPeriodEnd: boolean;
    seats: { used: number; limit: number };
  };
}

/** A user's data export as operators see it. */
export interface OperatorDataExport {
  id: string;
  status: "pending" | "ready" | "downloaded" | "expired" | "failed";
  /** Who asked: the operator's address, or null when the user did. */
  requestedBy: string | null;
  createdAt: string;
  readyAt: string | null;
  downloadedAt: string | null;
  expiresAt: string | null;
}

/** The console's routes, merged into `ApiRoutes`. */
export interface OperatorRoutes {
  "GET /api/admin/overview": { answer: OperatorOverview };
  "GET /api/admin/overview/daily": { answer: OperatorDaily };
  "GET /api/admin/users": { answer: Paged<OperatorUserRow> };
  "GET /api/admin/users/:userId": { answer: OperatorUserDetail };
  "POST /api/admin/users/:userId/ban": { body: BanRequest; answer: { ok: true } };
  "POST /api/admin/users/:userId/unban": { answer: { ok: true } };
  "POST /api/admin/users/:userId/sessions/revoke": { body: z.input<typeof bodies.revokeSessionsBody>; answer: { revoked: number } };
  "GET /api/admin/audit-log": { answer: Paged<AuditEntry> };
  "POST /api/admin/users/:userId/impersonate": { answer: { ok: true } };
  "POST /api/impersonation/stop": { answer: ImpersonationEnd };
  "POST /api/admin/users/:userId/verification": { answer: { ok: true } };
  "POST /api/admin/users/:userId/delete": { body: z.input<typeof bodies.deleteUserBody>; answer: { ok: true } };
  "POST /api/admin/users/:userId/complimentary": { body: z.input<typeof bodies.complimentaryBody>; answer: { ok: true } };
  "POST /api/admin/users/:userId/complimentary/end": { answer: { ok: true } };
  "GET /api/admin/contact-requests": { answer: Paged<OperatorContactRequest> };
  "GET /api/admin/subscriptions": {
    answer: Paged<OperatorSubscription> & { figures: SubscriptionFigures; stripeDashboard: string | null };
  };
  "POST /api/admin/contact-requests/:requestId": { body: ContactRequestChange; answer: { ok: true } };
  "POST /api/admin/contact-requests/:requestId/retry": { answer: { retried: number } };
  "GET /api/admin/teams": { answer: Paged<OperatorTeamRow> };
  "GET /api/admin/teams/:teamId": { answer: OperatorTeamDetail };
  "POST /api/admin/teams/:teamId/members/:memberId/remove": { answer: { ok: true } };
  "POST /api/admin/teams/:teamId/invitations/:invitationId/revoke": { answer: { ok: true } };
  "POST /api/admin/teams/:teamId/transfer-admin": { body: z.input<typeof bodies.transferAdminBody>; answer: { ok: true } };
  "GET /api/admin/users/:userId/exports": { answer: { items: OperatorDataExport[] } };
  "POST /api/admin/users/:userId/exports": { answer: { ok: true } };
}

import { z } from "zod";
import { BAN_REASON_MAX, CONTACT_STATES, DAILY_FIGURES, HANDLED_NOTE_MAX, OVERVIEW_RANGES, SUBSCRIPTION_STATUSES } from "../operator";
import { typedAddress } from "./common";
import { ssoConnection } from "./sso";

/** POST /api/admin/users/:userId/ban: why, and the ISO date-time the ban ends (absent for a ban without end). */
export const banBody = z.object({
  reason: z.string().trim().min(1).max(BAN_REASON_MAX),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});

/** POST /api/admin/users/:userId/sessions/revoke: one session, or all without an id. */
export const revokeSessionsBody = z.object({ sessionId: z.string().min(1).max(200).optional() });

/** POST /api/admin/users/:userId/delete: the user's address typed to confirm. */
export const deleteUserBody = z.object({ confirmation: typedAddress });

/** POST /api/admin/users/:userId/complimentary: until when (absent or null: without end). */
export const complimentaryBody = z.object({ endsAt: z.iso.datetime({ offset: true }).nullish() });

/** POST /api/admin/contact-requests/:requestId: the request's new state and a note. */
export const contactRequestChangeBody = z.object({ state: z.enum(CONTACT_STATES), note: z.string().max(HANDLED_NOTE_MAX).optional() });

/** POST /api/admin/teams/:teamId/transfer-admin: the admin membership handed over and the member who takes it. */
export const transferAdminBody = z.object({ fromMemberId: z.string().min(1).max(200), toMemberId: z.string().min(1).max(200) });

/** One page of a console list. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/** One user in the console's user list. */
export const operatorUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  planType: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  banned: z.boolean(),
  operator: z.boolean(),
  createdAt: z.string(),
});

/** One signed-in session of a user; `impersonated`: opened by an operator acting as the user. */
export const operatorSessionRow = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  impersonated: z.boolean(),
});

/** GET /api/admin/users/:userId. */
export const operatorUserDetail = operatorUserRow.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  locale: z.string().nullable(),
  image: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  banReason: z.string().nullable(),
  banExpires: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  /** How the user signs in: "password", "google". */
  signInMethods: z.array(z.string()),
  sessions: z.array(operatorSessionRow),
  teams: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
  contactRequests: z.array(z.object({ id: z.string(), createdAt: z.string(), status: z.string() })),
  /** The running complimentary pro plan and its end (null: without end); null when there is none. */
  complimentary: z.object({ endsAt: z.string().nullable() }).nullable(),
  /** When the user agreed to the terms and privacy policy, and to which version; null when not yet. */
  consent: z.object({ at: z.string(), version: z.string().nullable() }).nullable(),
});

/** POST /api/impersonation/stop: the user who was impersonated, and whether the operator is signed in again as themself. */
export const impersonationEnd = z.object({ userId: z.string(), operatorSignedIn: z.boolean() });

/** One entry of the audit log; `actorEmail` null for an action from the command line. */
export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  outcome: z.enum(["success", "failure"]),
  details: z.record(z.string(), z.unknown()).nullable(),
});

/** GET /api/admin/overview: figures of the overview page. */
export const operatorOverview = z.object({
  users: z.number(),
  newUsers30Days: z.number(),
  teams: z.number(),
  activeSubscriptions: z.number(),
  trialing: z.number(),
  contactRequests: z.number(),
});

/** GET /api/admin/overview/daily?days=30|90: one entry per UTC day, oldest first, today last. */
export const operatorDaily = z.object({
  days: z.literal(OVERVIEW_RANGES),
  timeZone: z.literal("UTC"),
  series: z.array(
    z
      .object({ day: z.string() })
      .extend(Object.fromEntries(DAILY_FIGURES.map((f) => [f, z.number()])) as Record<(typeof DAILY_FIGURES)[number], z.ZodNumber>),
  ),
});

/** A contact request as operators see it; `mails`: its notification mails delivered, waiting (tried again) and given up. */
export const operatorContactRequest = z.object({
  id: z.string(),
  createdAt: z.string(),
  state: z.enum(CONTACT_STATES),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string().nullable(),
  language: z.string(),
  mails: z.object({ sent: z.number(), waiting: z.number(), failed: z.number() }),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  note: z.string().nullable(),
});

/** One subscription; `price` in the currency's smallest unit per interval, null when the provider did not say. */
export const operatorSubscription = z.object({
  provider: z.string(),
  id: z.string(),
  status: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  price: z.object({ unitAmount: z.number(), currency: z.string(), interval: z.string(), intervalCount: z.number() }).nullable(),
  updatedAt: z.string(),
});

/** The figures above the subscription list; revenue per currency, in its smallest unit (cents), rounded. */
export const subscriptionFigures = z.object({
  counts: z.record(z.enum(SUBSCRIPTION_STATUSES), z.number()),
  trialsEnding: z.number(),
  monthlyRecurringRevenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
});

/** GET /api/admin/subscriptions: the list's page and the figures above it. */
export const operatorSubscriptionPage = paged(operatorSubscription).extend({
  figures: subscriptionFigures,
  stripeDashboard: z.string().nullable(),
});

/** One team in the console's team list; `plan`: that of the admin who pays for it (docs/decisions/069). */
export const operatorTeamRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  createdAt: z.string(),
  memberCount: z.number(),
  plan: z.enum(["pro", "individual"]),
  payerEmail: z.string().nullable(),
});

/** A member of a team in the console; `id` is the membership's (what the actions name). */
export const operatorTeamMember = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  joinedAt: z.string(),
  pays: z.boolean(),
});

/** GET /api/admin/teams/:teamId. */
export const operatorTeamDetail = operatorTeamRow.extend({
  members: z.array(operatorTeamMember),
  invitations: z.array(
    z.object({ id: z.string(), email: z.string(), role: z.string(), invitedAt: z.string(), expiresAt: z.string(), expired: z.boolean() }),
  ),
  domains: z.array(z.object({ id: z.string(), domain: z.string(), verified: z.boolean(), enrollmentMode: z.string() })),
  billing: z.object({
    payer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    subscriptionStatus: z.string().nullable(),
    /** When the running trial or period ends; null without a subscription. */
    renewsOrEndsAt: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    seats: z.object({ used: z.number(), limit: z.number() }),
  }),
  /** The team's single sign-on connections, their state and last use; an operator can switch one off. */
  connections: z.array(ssoConnection),
});

/** A user's data export as operators see it; `requestedBy`: the operator's address, or null when the user asked. */
export const operatorDataExport = z.object({
  id: z.string(),
  status: z.enum(["pending", "ready", "downloaded", "expired", "failed"]),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

/** GET /api/admin/users/:userId/exports. */
export const operatorDataExportList = z.object({ items: z.array(operatorDataExport) });

/** GET /api/admin/users. */
export const operatorUserPage = paged(operatorUserRow);

/** GET /api/admin/audit-log. */
export const auditPage = paged(auditEntry);

/** GET /api/admin/contact-requests. */
export const operatorContactRequestPage = paged(operatorContactRequest);

/** GET /api/admin/teams. */
export const operatorTeamPage = paged(operatorTeamRow);

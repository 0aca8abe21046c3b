import { z } from "zod";
import { PLAN_TYPES } from "../plans";
import { ENROLLMENT_MODES, isTeamName, TEAM_NAME_MAX, TEAM_ROLES, TEAM_STATEMENTS, type TeamStatements } from "../teams";
import { typedAddress, typedCode } from "./common";

/** POST /api/teams: the body. */
export const createTeamBody = z.object({ name: z.string().trim().refine(isTeamName) });

/** POST /api/teams, 201. */
export const createdTeam = z.object({ id: z.string(), name: z.string(), slug: z.string() });

/** POST /api/teams/:teamId/delete: the team's name typed to confirm, as typed: spaces around and between may make it longer than the name. */
export const deleteTeamBody = z.object({ confirmName: z.string().max(TEAM_NAME_MAX * 4) });

/** POST /api/teams/:teamId/invitations: addresses separated by spaces or commas, and the role they get. */
export const inviteBody = z.object({ emails: z.string().max(10_000), role: z.enum(TEAM_ROLES) });

/** POST /api/teams/:teamId/domains: the domain as typed. */
export const addDomainBody = z.object({ domain: z.string().max(300) });

/** POST /api/teams/:teamId/domains/:domainId/code: the address at the domain the code goes to. */
export const domainCodeRequestBody = z.object({ email: typedAddress });

/** POST /api/teams/:teamId/domains/:domainId/verify: the code that address received. */
export const domainCodeBody = z.object({ code: typedCode });

/** POST /api/teams/:teamId/domains/:domainId/enrollment: what an address at the domain gets. */
export const enrollmentBody = z.object({ mode: z.enum(ENROLLMENT_MODES) });

/** One team in the dashboard's lists, with its logo (an image URL) or null. */
export const teamMembership = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: z.string(),
  logo: z.string().nullable(),
});

/** GET /api/teams?kind=admin|member&page=N. */
export const teamPage = z.object({ items: z.array(teamMembership), total: z.number(), page: z.number(), pageSize: z.number() });

/** One of a team's domains; `codeSentTo`: where the last verification code went, while the domain is unverified. */
export const teamDomainRow = z.object({
  id: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  enrollmentMode: z.enum(ENROLLMENT_MODES),
  codeSentTo: z.string().nullable(),
});

/** GET /api/teams/:teamId/domains (admins). */
export const teamDomainList = z.object({ items: z.array(teamDomainRow) });

/** One pending request to join a team. */
export const membershipRequestRow = z.object({ id: z.string(), name: z.string(), email: z.string(), requestedAt: z.string() });

/** GET /api/teams/:teamId/requests (admins). */
export const membershipRequestList = z.object({ items: z.array(membershipRequestRow) });

/** A team offered through the verified domain of the user's address. "join": automatic invitation; "request": may ask to join; "pending": asked, waiting for an admin. */
export const teamSuggestion = z.object({ id: z.string(), name: z.string(), state: z.enum(["join", "request", "pending"]) });

/** GET /api/team-suggestions. */
export const teamSuggestionList = z.object({ items: z.array(teamSuggestion) });

/** PUT and DELETE /api/teams/:teamId/logo: the logo's URL now, or null. */
export const teamLogo = z.object({ logo: z.string().nullable() });

/** GET /api/teams/:teamId/deletion: deleting the team cancels the subscription when it is the last one its paying admin's running subscription pays for. */
export const teamDeletion = z.object({ cancelsSubscription: z.boolean() });

/** The actions of one resource a role is granted (see TEAM_STATEMENTS). */
const granted = <K extends keyof TeamStatements>(resource: K) => z.array(z.enum(TEAM_STATEMENTS[resource])).optional();

/** What a role allows, per resource. */
export const teamPermission = z.object({
  organization: granted("organization"),
  member: granted("member"),
  invitation: granted("invitation"),
  roster: granted("roster"),
  billing: granted("billing"),
  domain: granted("domain"),
  request: granted("request"),
});

/** Members and open invitations against the plan's limit. */
export const seats = z.object({ used: z.number(), limit: z.number() });

/** GET /api/teams/:teamId: the team as the caller may see it; a guest sees its name and role only. */
export const teamView = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(TEAM_ROLES),
  /** What the caller's role allows. */
  permissions: teamPermission,
  slug: z.string().optional(),
  logo: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  memberCount: z.number().optional(),
});

/** One member in a team's roster; `id` is the membership's (what role changes and removals name). */
export const teamMemberRow = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
  /** The admin whose subscription pays for the team. */
  pays: z.boolean(),
});

/** GET /api/teams/:teamId/members?page=N&q=text: one page of the roster, searched by name or e-mail. */
export const teamMemberPage = z.object({
  items: z.array(teamMemberRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  seats,
});

/** A plan badge of SPEC section 4; `date` for canceled (ends at), renews at and starts at. */
export const planBadge = z.object({
  kind: z.enum(["active", "current", "trial", "upcoming", "canceled", "expired", "renewsAt", "startsAt", "requiresAction"]),
  date: z.string().optional(),
});

export const teamPlan = z.object({ plan: z.enum(PLAN_TYPES), badges: z.array(planBadge) });

/** GET /api/teams/:teamId/billing (billing permission): who pays for the team and the state of their plan. */
export const teamBilling = z.object({
  /** The admin whose subscription pays for the team. */
  payer: z.object({ name: z.string(), email: z.string(), isYou: z.boolean() }).nullable(),
  plans: z.array(teamPlan),
  /** The caller pays and has a billing account: the portal opens for them. */
  canOpenPortal: z.boolean(),
  seats,
});

/** The result of inviting one address. */
export const invitationOutcome = z.enum(["invited", "already_member", "already_invited", "invalid", "quota_exceeded", "failed"]);

/** POST /api/teams/:teamId/invitations: one result per address, in the order typed. */
export const inviteResults = z.object({
  results: z.array(
    z.object({
      email: z.string(),
      outcome: invitationOutcome,
      message: z.string(),
      code: z.string().optional(),
      invitationId: z.string().optional(),
    }),
  ),
});

/** One open invitation of a team. */
export const teamInvitationRow = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  invitedAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  inviterName: z.string().nullable(),
});

/** GET /api/teams/:teamId/invitations: the team's pending invitations, newest first. */
export const teamInvitationList = z.object({ items: z.array(teamInvitationRow) });

/**
 * GET /api/invitations/:invitationId: what the signed-out invitation page and the invited sign-up
 * show. The link is the capability: whoever holds it was mailed it (docs/decisions/149).
 */
export const invitationPreview = z.object({
  teamName: z.string(),
  /** The inviter's name, or their address when they have none. */
  inviterName: z.string(),
  /** The address invited: the account to sign in with or to create. */
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
});

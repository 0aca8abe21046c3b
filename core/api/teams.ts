import { z } from "zod";
import { ENROLLMENT_MODES, isTeamName, TEAM_NAME_MAX, TEAM_ROLES } from "../teams";
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

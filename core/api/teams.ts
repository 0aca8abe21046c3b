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

import type { CreatedTeam, TeamDeletion, TeamPage, TeamView } from "../../core/api";
import type { Language } from "../../core/languages";
import type { TeamListKind } from "../../core/teams";
import { request } from "./client";

/** One page of the teams the user administers, was invited to, or belongs to ("all"). */
export function fetchTeams(kind: TeamListKind, page: number): Promise<TeamPage> {
  return request("GET /api/teams", { query: { kind, page } });
}

/** Creates a team; the server derives its unique address and checks the plan. */
export function createTeam(name: string, lang: Language): Promise<CreatedTeam> {
  return request("POST /api/teams", { body: { name }, language: lang });
}

/** The team as the signed-in user may see it (a guest sees its name only). */
export function fetchTeam(teamId: string): Promise<TeamView> {
  return request("GET /api/teams/:teamId", { params: { teamId } });
}

/** What deleting the team does to the subscription that pays for it (admins only). */
export function fetchTeamDeletion(teamId: string): Promise<TeamDeletion> {
  return request("GET /api/teams/:teamId/deletion", { params: { teamId } });
}

/** Deletes the team; the server checks the typed name again. */
export function deleteTeam(teamId: string, confirmName: string, lang: Language): Promise<{ deleted: true }> {
  return request("POST /api/teams/:teamId/delete", { params: { teamId }, body: { confirmName }, language: lang });
}

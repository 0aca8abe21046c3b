import type { CreatedTeam, TeamPage } from "../../core/api";
import type { Language } from "../../core/languages";
import { request } from "./client";

/** One page of the teams the user administers or was invited to. */
export function fetchTeams(kind: "admin" | "member", page: number): Promise<TeamPage> {
  return request("GET /api/teams", { query: { kind, page } });
}

/** Creates a team; the server derives its unique address and checks the plan. */
export function createTeam(name: string, lang: Language): Promise<CreatedTeam> {
  return request("POST /api/teams", { body: { name }, language: lang });
}

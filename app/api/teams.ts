import type {
  CreatedTeam,
  Done,
  InvitationPreview,
  InviteRequest,
  InviteResults,
  MembershipRequestList,
  TeamBilling,
  TeamDeletion,
  TeamDomainList,
  TeamDomainRow,
  TeamInvitationList,
  TeamMemberPage,
  TeamPage,
  TeamSuggestionList,
  TeamView,
} from "../../core/api";
import type { Language } from "../../core/languages";
import type { EnrollmentMode, TeamListKind } from "../../core/teams";
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

/** One page of the team's members, searched by name or e-mail on the server. */
export function fetchMembers(teamId: string, page: number, q: string): Promise<TeamMemberPage> {
  return request("GET /api/teams/:teamId/members", { params: { teamId }, query: { page, q: q || undefined } });
}

/** The team's pending invitations (admins only). */
export function fetchInvitations(teamId: string): Promise<TeamInvitationList> {
  return request("GET /api/teams/:teamId/invitations", { params: { teamId } });
}

/** Invites every address typed (spaces or commas between them) with one role; one result per address. */
export function inviteMembers(teamId: string, body: InviteRequest, lang: Language): Promise<InviteResults> {
  return request("POST /api/teams/:teamId/invitations", { params: { teamId }, body, language: lang });
}

/** Sends a pending invitation again and gives it another full validity period. */
export function resendInvitation(teamId: string, invitationId: string, lang: Language): Promise<Done> {
  return request("POST /api/teams/:teamId/invitations/:invitationId/resend", { params: { teamId, invitationId }, language: lang });
}

/** Revokes a pending invitation: its link stops working. */
export function revokeInvitation(teamId: string, invitationId: string, lang: Language): Promise<Done> {
  return request("POST /api/teams/:teamId/invitations/:invitationId/revoke", { params: { teamId, invitationId }, language: lang });
}

/** Who pays for the team and the state of the plan (billing permission only). */
export function fetchTeamBilling(teamId: string, lang: Language): Promise<TeamBilling> {
  return request("GET /api/teams/:teamId/billing", { params: { teamId }, language: lang });
}

/** The team's domains (admins). */
export function fetchDomains(teamId: string): Promise<TeamDomainList> {
  return request("GET /api/teams/:teamId/domains", { params: { teamId } });
}

export function addDomain(teamId: string, domain: string, lang: Language): Promise<TeamDomainRow> {
  return request("POST /api/teams/:teamId/domains", { params: { teamId }, body: { domain }, language: lang });
}

/** Mails a verification code to an address at the domain. */
export function sendDomainCode(teamId: string, domainId: string, email: string, lang: Language): Promise<Done> {
  return request("POST /api/teams/:teamId/domains/:domainId/code", { params: { teamId, domainId }, body: { email }, language: lang });
}

export function verifyDomain(teamId: string, domainId: string, code: string, lang: Language): Promise<TeamDomainRow> {
  return request("POST /api/teams/:teamId/domains/:domainId/verify", { params: { teamId, domainId }, body: { code }, language: lang });
}

export function setEnrollment(teamId: string, domainId: string, mode: EnrollmentMode, lang: Language): Promise<TeamDomainRow> {
  return request("POST /api/teams/:teamId/domains/:domainId/enrollment", { params: { teamId, domainId }, body: { mode }, language: lang });
}

export function removeDomain(teamId: string, domainId: string, lang: Language): Promise<Done> {
  return request("POST /api/teams/:teamId/domains/:domainId/delete", { params: { teamId, domainId }, language: lang });
}

/** The team's pending membership requests (admins). */
export function fetchRequests(teamId: string): Promise<MembershipRequestList> {
  return request("GET /api/teams/:teamId/requests", { params: { teamId } });
}

export function decideRequest(teamId: string, requestId: string, approve: boolean, lang: Language): Promise<Done> {
  const route = approve ? "POST /api/teams/:teamId/requests/:requestId/approve" : "POST /api/teams/:teamId/requests/:requestId/reject";
  return request(route, { params: { teamId, requestId }, language: lang });
}

/** Teams offered through the verified domain of the user's address. */
export function fetchSuggestions(): Promise<TeamSuggestionList> {
  return request("GET /api/team-suggestions");
}

export function joinSuggested(teamId: string, lang: Language): Promise<Done> {
  return request("POST /api/team-suggestions/:teamId/join", { params: { teamId }, language: lang });
}

export function requestToJoin(teamId: string, lang: Language): Promise<Done> {
  return request("POST /api/team-suggestions/:teamId/request", { params: { teamId }, language: lang });
}

/** Makes the file the team's logo (admins); the server checks and re-encodes it. */
export async function uploadTeamLogo(teamId: string, file: Blob): Promise<string | null> {
  return (await request("PUT /api/teams/:teamId/logo", { params: { teamId }, file })).logo;
}

export async function removeTeamLogo(teamId: string): Promise<void> {
  await request("DELETE /api/teams/:teamId/logo", { params: { teamId } });
}

/** What an invitation link shows before sign-in: the team, who invited, the address (no session needed). */
export function fetchInvitationPreview(invitationId: string): Promise<InvitationPreview> {
  return request("GET /api/invitations/:invitationId", { params: { invitationId } });
}

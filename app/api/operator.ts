import type { BanRequest, ContactRequestChange, ContactState, OverviewRange, TeamListQuery, UserListQuery } from "../../core/operator";
import { request } from "./client";

/** The operator console's calls; the server refuses them to anyone but an operator. */
export const operatorApi = {
  overview: () => request("GET /api/admin/overview"),
  daily: (days: OverviewRange) => request("GET /api/admin/overview/daily", { query: { days } }),
  users: (query: UserListQuery) => request("GET /api/admin/users", { query: { ...query } }),
  user: (userId: string) => request("GET /api/admin/users/:userId", { params: { userId } }),
  ban: (userId: string, body: BanRequest) => request("POST /api/admin/users/:userId/ban", { params: { userId }, body }),
  unban: (userId: string) => request("POST /api/admin/users/:userId/unban", { params: { userId } }),
  revokeSessions: (userId: string, sessionId?: string) =>
    request("POST /api/admin/users/:userId/sessions/revoke", { params: { userId }, body: sessionId ? { sessionId } : {} }),
  impersonate: (userId: string) => request("POST /api/admin/users/:userId/impersonate", { params: { userId } }),
  resendVerification: (userId: string) => request("POST /api/admin/users/:userId/verification", { params: { userId } }),
  deleteUser: (userId: string, body: { confirmation: string }) =>
    request("POST /api/admin/users/:userId/delete", { params: { userId }, body }),
  grantComplimentary: (userId: string, body: { endsAt: string | null }) =>
    request("POST /api/admin/users/:userId/complimentary", { params: { userId }, body }),
  endComplimentary: (userId: string) => request("POST /api/admin/users/:userId/complimentary/end", { params: { userId } }),
  auditLog: (page: number, target?: string) => request("GET /api/admin/audit-log", { query: { page, target } }),
  subscriptions: (query: { status?: string; trialsEnding?: "1"; page: number }) => request("GET /api/admin/subscriptions", { query }),
  contactRequests: (query: { q?: string; state?: ContactState; page: number }) => request("GET /api/admin/contact-requests", { query }),
  setContactState: (requestId: string, body: ContactRequestChange) =>
    request("POST /api/admin/contact-requests/:requestId", { params: { requestId }, body }),
  teams: (query: TeamListQuery) => request("GET /api/admin/teams", { query: { ...query } }),
  team: (teamId: string) => request("GET /api/admin/teams/:teamId", { params: { teamId } }),
  removeTeamMember: (teamId: string, memberId: string) =>
    request("POST /api/admin/teams/:teamId/members/:memberId/remove", { params: { teamId, memberId } }),
  revokeTeamInvitation: (teamId: string, invitationId: string) =>
    request("POST /api/admin/teams/:teamId/invitations/:invitationId/revoke", { params: { teamId, invitationId } }),
  transferTeamAdmin: (teamId: string, body: { fromMemberId: string; toMemberId: string }) =>
    request("POST /api/admin/teams/:teamId/transfer-admin", { params: { teamId }, body }),
  setConnectionDisabled: (teamId: string, connectionId: string, disabled: boolean) =>
    disabled
      ? request("POST /api/admin/teams/:teamId/sso/:connectionId/disable", { params: { teamId, connectionId } })
      : request("POST /api/admin/teams/:teamId/sso/:connectionId/enable", { params: { teamId, connectionId } }),
  userExports: (userId: string) => request("GET /api/admin/users/:userId/exports", { params: { userId } }),
  startUserExport: (userId: string) => request("POST /api/admin/users/:userId/exports", { params: { userId } }),
  retryContactMails: (requestId: string) => request("POST /api/admin/contact-requests/:requestId/retry", { params: { requestId } }),
};

import type { BanRequest, ContactRequestChange, ContactState, UserListQuery } from "../../core/operator";
import { request } from "./client";

/** The operator console's calls; the server refuses them to anyone but an operator. */
export const operatorApi = {
  overview: () => request("GET /api/admin/overview"),
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
  retryContactMails: (requestId: string) => request("POST /api/admin/contact-requests/:requestId/retry", { params: { requestId } }),
};

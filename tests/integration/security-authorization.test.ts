import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, as, dbSnapshot, type TeamFixture, teamFixture } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp } from "./billing-support.js";

type ActorName = "anonymous" | "stranger" | "guest" | "member" | "admin";
const ACTORS: ActorName[] = ["anonymous", "stranger", "guest", "member", "admin"];

interface Row {
  /** "METHOD path" as the route is declared; Better Auth routes under /api/auth/. */
  route: string;
  request(fx: TeamFixture): { path: string; init?: RequestInit };
  /** The status each actor gets. */
  status: Record<ActorName, number>;
  /** Actors whose request may change data; everyone else's must change nothing. */
  allowed: ActorName[];
}

const get = (path: string) => ({ path });
const post = (path: string, body?: unknown) => ({
  path,
  init: body === undefined ? { method: "POST" } : json(body),
});
const form = (path: string, body: string) => ({
  path,
  init: { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body },
});
const ORG = "/api/auth/organization";

/** Every API route of our own, then the Better Auth organization routes the product relies on. */
const ROWS: Row[] = [
  // The operator console: nobody in the team fixture is an operator (operator-console.test.ts covers operators).
  ...[
    ["GET", "/api/admin/overview"],
    ["GET", "/api/admin/users"],
    ["GET", "/api/admin/users/:userId"],
    ["POST", "/api/admin/users/:userId/ban"],
    ["POST", "/api/admin/users/:userId/unban"],
    ["POST", "/api/admin/users/:userId/sessions/revoke"],
    ["GET", "/api/admin/audit-log"],
    ["GET", "/api/admin/contact-requests"],
    ["GET", "/api/admin/subscriptions"],
    ["GET", "/api/admin/contact-requests/export.csv"],
    ["POST", "/api/admin/contact-requests/:requestId"],
    ["POST", "/api/admin/contact-requests/:requestId/retry"],
    ["POST", "/api/admin/users/:userId/impersonate"],
    ["POST", "/api/admin/users/:userId/verification"],
    ["POST", "/api/admin/users/:userId/delete"],
    ["POST", "/api/admin/users/:userId/complimentary"],
    ["POST", "/api/admin/users/:userId/complimentary/end"],
    ["GET", "/api/admin/teams"],
    ["GET", "/api/admin/teams/:teamId"],
    ["POST", "/api/admin/teams/:teamId/members/:memberId/remove"],
    ["POST", "/api/admin/teams/:teamId/invitations/:invitationId/revoke"],
    ["POST", "/api/admin/teams/:teamId/transfer-admin"],
    ["GET", "/api/admin/users/:userId/exports"],
    ["POST", "/api/admin/users/:userId/exports"],
    ["GET", "/api/admin/overview/daily"],
    ["GET", "/api/admin/users/:userId/api-keys"],
    ["GET", "/api/admin/teams/:teamId/api-keys"],
    ["POST", "/api/admin/api-keys/:keyId/revoke"],
    ["GET", "/api/admin/apps"],
    ["POST", "/api/admin/apps"],
    ["POST", "/api/admin/apps/:clientId/disable"],
    ["POST", "/api/admin/apps/:clientId/enable"],
    ["POST", "/api/admin/teams/:teamId/sso/:connectionId/disable"],
    ["POST", "/api/admin/teams/:teamId/sso/:connectionId/enable"],
  ].map(
    ([method = "", route = ""]): Row => ({
      route: `${method} ${route}`,
      request: (fx) => {
        const target = route
          .replace(":userId", fx.member.id)
          .replace(":requestId", "some-request")
          .replace(":teamId", fx.team.id)
          .replace(":memberId", fx.memberId)
          .replace(":invitationId", fx.invitationId)
          .replace(":keyId", "some-key")
          .replace(":clientId", "extension")
          .replace(":connectionId", "some-connection");
        return method === "GET"
          ? get(target)
          : post(target, { reason: "spam", state: "spam", fromMemberId: fx.adminMemberId, toMemberId: fx.memberId });
      },
      status: { anonymous: 401, stranger: 403, guest: 403, member: 403, admin: 403 },
      allowed: [],
    }),
  ),
  // Only an impersonation session may end one; nobody in the team fixture has one.
  {
    route: "POST /api/impersonation/stop",
    request: () => post("/api/impersonation/stop", {}),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  {
    route: "GET /api/subscription",
    request: () => get("/api/subscription"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // An invitation's link shows anyone who holds it the team and who invited; it changes nothing.
    route: "GET /api/invitations/:invitationId",
    request: (fx) => get(`/api/invitations/${fx.invitationId}`),
    status: { anonymous: 200, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: [],
  },
  {
    route: "GET /api/teams",
    request: () => get("/api/teams?kind=admin"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    route: "GET /api/teams/:teamId",
    request: (fx) => get(`/api/teams/${fx.team.id}`),
    status: { anonymous: 401, stranger: 404, guest: 200, member: 200, admin: 200 },
    allowed: ["guest", "member", "admin"],
  },
  {
    route: "GET /api/teams/:teamId/members",
    request: (fx) => get(`/api/teams/${fx.team.id}/members?page=1&q=a`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 200, admin: 200 },
    allowed: ["member", "admin"],
  },
  {
    route: "GET /api/teams/:teamId/invitations",
    request: (fx) => get(`/api/teams/${fx.team.id}/invitations`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/teams/:teamId/invitations",
    request: (fx) => post(`/api/teams/${fx.team.id}/invitations`, { emails: "lead-1@example.com, lead-2@example.com", role: "member" }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/teams/:teamId/invitations/:invitationId/resend",
    request: (fx) => post(`/api/teams/${fx.team.id}/invitations/${fx.secondInvitationId}/resend`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/teams/:teamId/invitations/:invitationId/revoke",
    request: (fx) => post(`/api/teams/${fx.team.id}/invitations/${fx.secondInvitationId}/revoke`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    // Billing needs the billing permission; others get "You do not have permissions to manage billing for this organization."
    route: "GET /api/teams/:teamId/billing",
    request: (fx) => get(`/api/teams/${fx.team.id}/billing`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "GET /api/teams/:teamId/domains",
    request: (fx) => get(`/api/teams/${fx.team.id}/domains`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    // The sign-in page asks before anyone is signed in whether an address's domain signs in through a connection.
    route: "GET /api/sso/lookup",
    request: () => get("/api/sso/lookup?email=someone@alpha-recruiting.com"),
    status: { anonymous: 200, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: [],
  },
  {
    route: "GET /api/teams/:teamId/api-keys",
    request: (fx) => get(`/api/teams/${fx.team.id}/api-keys`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/teams/:teamId/api-keys",
    request: (fx) => post(`/api/teams/${fx.team.id}/api-keys`, { name: "Sourcing sync", scopes: ["teams:read"], expiresInDays: 30 }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 201 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/teams/:teamId/api-keys/:keyId/revoke",
    request: (fx) => post(`/api/teams/${fx.team.id}/api-keys/missing/revoke`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/teams/:teamId/sso",
    request: (fx) => get(`/api/teams/${fx.team.id}/sso`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    // The team has not verified the domain: even its admin's connection is refused (409 domain_not_verified), and nothing is saved.
    route: "POST /api/teams/:teamId/sso/oidc",
    request: (fx) =>
      post(`/api/teams/${fx.team.id}/sso/oidc`, {
        issuer: "http://127.0.0.1:9/",
        clientId: "crm",
        clientSecret: "secret",
        domains: ["alpha-recruiting.com"],
        defaultRole: "member",
        provisioning: true,
      }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 409 },
    allowed: [],
  },
  {
    // As above: the domain is not verified, so even the admin's SAML connection is refused before its metadata is read.
    route: "POST /api/teams/:teamId/sso/saml",
    request: (fx) =>
      post(`/api/teams/${fx.team.id}/sso/saml`, {
        metadataUrl: "http://127.0.0.1:9/metadata",
        domains: ["alpha-recruiting.com"],
        defaultRole: "member",
        provisioning: true,
      }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 409 },
    allowed: [],
  },
  {
    route: "POST /api/teams/:teamId/sso/:connectionId/state",
    request: (fx) => post(`/api/teams/${fx.team.id}/sso/missing/state`, { state: "active" }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/teams/:teamId/sso/:connectionId/delete",
    request: (fx) => post(`/api/teams/${fx.team.id}/sso/missing/delete`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/teams/:teamId/sso/:connectionId/test",
    request: (fx) => post(`/api/teams/${fx.team.id}/sso/missing/test`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/teams/:teamId/sso/tests/:testId",
    request: (fx) => get(`/api/teams/${fx.team.id}/sso/tests/missing`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/teams/:teamId/scim-tokens",
    request: (fx) => get(`/api/teams/${fx.team.id}/scim-tokens`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/teams/:teamId/scim-tokens",
    request: (fx) => post(`/api/teams/${fx.team.id}/scim-tokens`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 201 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/teams/:teamId/scim-tokens/:tokenId/revoke",
    request: (fx) => post(`/api/teams/${fx.team.id}/scim-tokens/missing/revoke`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  // Provisioning takes a team's SCIM token only: a session cookie opens none of it, whoever holds it.
  ...[
    ["GET", "/scim/v2/ServiceProviderConfig"],
    ["GET", "/scim/v2/ResourceTypes"],
    ["GET", "/scim/v2/Schemas"],
    ["GET", "/scim/v2/Users"],
    ["POST", "/scim/v2/Users"],
    ["GET", "/scim/v2/Users/:id"],
    ["PUT", "/scim/v2/Users/:id"],
    ["PATCH", "/scim/v2/Users/:id"],
    ["DELETE", "/scim/v2/Users/:id"],
  ].map(
    ([method = "", route = ""]): Row => ({
      route: `${method} ${route}`,
      request: (fx) => ({
        path: route.replace(":id", fx.member.id),
        init:
          method === "GET" || method === "DELETE"
            ? { method }
            : {
                method,
                headers: { "content-type": "application/scim+json" },
                body: JSON.stringify({
                  userName: fx.member.email,
                  active: false,
                  Operations: [{ op: "replace", value: { active: false } }],
                }),
              },
      }),
      status: { anonymous: 401, stranger: 401, guest: 401, member: 401, admin: 401 },
      allowed: [],
    }),
  ),
  {
    route: "POST /api/teams/:teamId/domains",
    request: (fx) => post(`/api/teams/${fx.team.id}/domains`, { domain: "alpha-recruiting.com" }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 201 },
    allowed: ["admin"],
  },
  // The domain and request routes below name records that do not exist: the admin gets 404 and nothing changes.
  {
    route: "POST /api/teams/:teamId/domains/:domainId/code",
    request: (fx) => post(`/api/teams/${fx.team.id}/domains/missing/code`, { email: "hr@alpha-recruiting.com" }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/teams/:teamId/domains/:domainId/verify",
    request: (fx) => post(`/api/teams/${fx.team.id}/domains/missing/verify`, { code: "123456" }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/teams/:teamId/domains/:domainId/enrollment",
    request: (fx) => post(`/api/teams/${fx.team.id}/domains/missing/enrollment`, { mode: "automatic_suggestion" }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/teams/:teamId/domains/:domainId/delete",
    request: (fx) => post(`/api/teams/${fx.team.id}/domains/missing/delete`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/teams/:teamId/requests",
    request: (fx) => get(`/api/teams/${fx.team.id}/requests`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/teams/:teamId/requests/:requestId/approve",
    request: (fx) => post(`/api/teams/${fx.team.id}/requests/missing/approve`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/teams/:teamId/requests/:requestId/reject",
    request: (fx) => post(`/api/teams/${fx.team.id}/requests/missing/reject`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/team-suggestions",
    request: () => get("/api/team-suggestions"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // The team is offered to nobody here (no verified domain): joining or asking is not found.
    route: "POST /api/team-suggestions/:teamId/join",
    request: (fx) => post(`/api/team-suggestions/${fx.team.id}/join`),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/team-suggestions/:teamId/request",
    request: (fx) => post(`/api/team-suggestions/${fx.team.id}/request`),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/teams",
    request: () => post("/api/teams", { name: "Beta Hiring" }),
    status: { anonymous: 401, stranger: 403, guest: 403, member: 403, admin: 201 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/create-checkout-session",
    request: (fx) => post("/api/create-checkout-session", { userId: fx.admin.id, planType: "pro" }),
    // The admin's subscription runs: the owner reaches the rule of one checkout at a time.
    status: { anonymous: 401, stranger: 403, guest: 403, member: 403, admin: 409 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/create-portal-session",
    request: (fx) => post(`/api/create-portal-session?organizationId=${fx.team.id}`),
    status: { anonymous: 401, stranger: 403, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "GET /:lang/local-payments/checkout/:id",
    request: (fx) => get(fx.openCheckoutPath),
    status: { anonymous: 303, stranger: 404, guest: 404, member: 404, admin: 409 },
    allowed: ["admin"],
  },
  {
    route: "POST /:lang/local-payments/checkout/:id",
    request: (fx) => form(fx.openCheckoutPath, ""),
    status: { anonymous: 303, stranger: 404, guest: 404, member: 404, admin: 409 },
    allowed: ["admin"],
  },
  {
    route: "GET /:lang/local-payments/billing",
    request: () => get("/en/local-payments/billing"),
    status: { anonymous: 303, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // Acts on the caller's own subscription only: for the others it changes nothing.
    route: "POST /:lang/local-payments/billing",
    request: () => form("/en/local-payments/billing", "action=cancel"),
    status: { anonymous: 303, stranger: 303, guest: 303, member: 303, admin: 303 },
    allowed: ["admin"],
  },
  {
    route: "GET /api/site-config",
    request: () => get("/api/site-config"),
    status: { anonymous: 200, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: [],
  },
  {
    // A proof-of-work challenge for anyone; issuing one stores nothing.
    route: "GET /api/bot-protection/challenge",
    request: () => get("/api/bot-protection/challenge"),
    status: { anonymous: 200, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: [],
  },
  {
    route: "POST /api/send-contact",
    request: () => post("/api/send-contact", { name: "Casey Contact", email: "casey@example.com" }),
    status: { anonymous: 201, stranger: 201, guest: 201, member: 201, admin: 201 },
    allowed: ["anonymous", "stranger", "guest", "member", "admin"],
  },
  {
    // Only the payment provider's signature authorizes an event; a session does not.
    route: "POST /api/webhooks/:provider",
    request: (fx) =>
      post("/api/webhooks/local", {
        id: "evt_forged",
        type: "customer.subscription.deleted",
        created: 1,
        data: { object: { id: "sub_x", customer: "cus_x", status: "canceled", metadata: { userId: fx.admin.id } } },
      }),
    status: { anonymous: 400, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  {
    route: "GET /api/auth/organization/list-members",
    request: (fx) => get(`${ORG}/list-members?organizationId=${fx.team.id}`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 200, admin: 200 },
    allowed: ["member", "admin"],
  },
  {
    route: "GET /api/auth/organization/get-full-organization",
    request: (fx) => get(`${ORG}/get-full-organization?organizationId=${fx.team.id}`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 200, admin: 200 },
    allowed: ["member", "admin"],
  },
  {
    route: "GET /api/auth/organization/get-active-member-role",
    request: (fx) => get(`${ORG}/get-active-member-role?organizationId=${fx.team.id}`),
    status: { anonymous: 401, stranger: 404, guest: 200, member: 200, admin: 200 },
    allowed: ["guest", "member", "admin"],
  },
  {
    route: "GET /api/auth/organization/list-invitations",
    request: (fx) => get(`${ORG}/list-invitations?organizationId=${fx.team.id}`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/auth/organization/set-active",
    request: (fx) => post(`${ORG}/set-active`, { organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 200, member: 200, admin: 200 },
    allowed: ["guest", "member", "admin"],
  },
  {
    route: "POST /api/auth/organization/invite-member",
    request: (fx) => post(`${ORG}/invite-member`, { email: "new-hire@example.com", role: "member", organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/auth/organization/invite-member (as admin)",
    request: (fx) => post(`${ORG}/invite-member`, { email: "new-lead@example.com", role: "admin", organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    // Better Auth also knows "owner", which may delete a team; the product has only admin and member.
    route: "POST /api/auth/organization/invite-member (as owner)",
    request: (fx) => post(`${ORG}/invite-member`, { email: "new-owner@example.com", role: "owner", organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 400 },
    allowed: [],
  },
  {
    route: "POST /api/auth/organization/update-member-role (to owner)",
    request: (fx) => post(`${ORG}/update-member-role`, { memberId: fx.memberId, role: ["member", "owner"], organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 400 },
    allowed: [],
  },
  {
    route: "POST /api/auth/organization/cancel-invitation",
    request: (fx) => post(`${ORG}/cancel-invitation`, { invitationId: fx.invitationId }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    // Only the invited address may take or turn down an invitation, not even the team's admin.
    route: "POST /api/auth/organization/accept-invitation",
    request: (fx) => post(`${ORG}/accept-invitation`, { invitationId: fx.invitationId }),
    status: { anonymous: 401, stranger: 403, guest: 403, member: 403, admin: 403 },
    allowed: [],
  },
  {
    route: "POST /api/auth/organization/reject-invitation",
    request: (fx) => post(`${ORG}/reject-invitation`, { invitationId: fx.invitationId }),
    status: { anonymous: 401, stranger: 403, guest: 403, member: 403, admin: 403 },
    allowed: [],
  },
  {
    route: "POST /api/auth/organization/update",
    request: (fx) => post(`${ORG}/update`, { data: { name: "Renamed" }, organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/auth/organization/update-member-role",
    request: (fx) => post(`${ORG}/update-member-role`, { memberId: fx.colleagueId, role: "admin", organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "POST /api/auth/organization/remove-member",
    request: (fx) => post(`${ORG}/remove-member`, { memberIdOrEmail: fx.colleagueId, organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    // The only admin cannot leave the team without an admin (organization_minimum_permissions_needed).
    route: "POST /api/auth/organization/leave",
    request: (fx) => post(`${ORG}/leave`, { organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 200, member: 200, admin: 403 },
    allowed: ["guest", "member"],
  },
  {
    // A userId in the body never creates a team for someone else (see the test below).
    route: "POST /api/auth/organization/create",
    request: (fx) => post(`${ORG}/create`, { name: "Gamma", slug: `gamma-${crypto.randomUUID()}`, userId: fx.stranger.id }),
    status: { anonymous: 401, stranger: 403, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    // Library routes the product does not serve.
    route: "GET /api/auth/organization/get-organization",
    request: (fx) => get(`${ORG}/get-organization?organizationId=${fx.team.id}`),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/auth/organization/has-permission",
    request: (fx) => post(`${ORG}/has-permission`, { organizationId: fx.team.id, permissions: { organization: ["delete"] } }),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    // Deletion goes through our route, so the subscription that pays for the team follows it.
    route: "POST /api/auth/organization/delete",
    request: (fx) => post(`${ORG}/delete`, { organizationId: fx.team.id }),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/teams/:teamId/deletion",
    request: (fx) => get(`/api/teams/${fx.team.id}/deletion`),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    // The name must be typed exactly.
    route: "POST /api/teams/:teamId/delete (name mistyped)",
    request: (fx) => post(`/api/teams/${fx.team.id}/delete`, { confirmName: "Renamed!" }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 400 },
    allowed: [],
  },
  // The account routes act on the caller's own account only; each actor may read it, and these
  // requests are refused for everyone in a way that changes nothing.
  {
    route: "GET /api/account/api-keys",
    request: () => get("/api/account/api-keys"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    route: "POST /api/account/api-keys",
    request: () => post("/api/account/api-keys", { name: "My script", scopes: ["profile"], expiresInDays: null }),
    status: { anonymous: 401, stranger: 201, guest: 201, member: 201, admin: 201 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // A key that is not the caller's is not found, whoever asks.
    route: "POST /api/account/api-keys/:keyId/revoke",
    request: () => post("/api/account/api-keys/missing/revoke"),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/account/connected-apps",
    request: () => get("/api/account/connected-apps"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // Nobody here has connected an app: there is nothing of theirs to disconnect.
    route: "POST /api/account/connected-apps/:clientId/disconnect",
    request: () => post("/api/account/connected-apps/extension/disconnect"),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/account/consent/:clientId",
    request: () => get("/api/account/consent/no-such-app?scope=openid"),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "GET /api/account/managed",
    request: () => get("/api/account/managed"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    route: "GET /api/account/devices",
    request: () => get("/api/account/devices"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    route: "GET /api/account/security",
    request: () => get("/api/account/security"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // Each user reads their own security log.
    route: "GET /api/account/security-events",
    request: () => get("/api/account/security-events?page=1"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // Another user's session (or none) is not found for the caller.
    route: "POST /api/account/devices/sign-out",
    request: () => post("/api/account/devices/sign-out", { id: "someone-elses-session" }),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/account/devices/sign-out-others",
    request: () => post("/api/account/devices/sign-out-others", {}),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // Records the caller's own agreement to the terms.
    route: "POST /api/account/legal-consent",
    request: () => post("/api/account/legal-consent", { accepted: true }),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  // Phone numbers: each actor reads their own; a number of someone else's is not found, a malformed
  // number and text codes without a verified number are refused, and nothing changes.
  {
    route: "GET /api/account/phone-numbers",
    request: () => get("/api/account/phone-numbers"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    route: "POST /api/account/phone-numbers",
    request: () => post("/api/account/phone-numbers", { phoneNumber: "0151 2345" }),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  {
    route: "POST /api/account/phone-numbers/two-factor",
    request: () => post("/api/account/phone-numbers/two-factor", { enabled: true }),
    status: { anonymous: 401, stranger: 409, guest: 409, member: 409, admin: 409 },
    allowed: [],
  },
  ...(["code", "verify", "primary"] as const).map(
    (action): Row => ({
      route: `POST /api/account/phone-numbers/:id/${action}`,
      request: () => post(`/api/account/phone-numbers/someone-elses-number/${action}`, { code: "123456" }),
      status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
      allowed: [],
    }),
  ),
  {
    route: "DELETE /api/account/phone-numbers/:id",
    request: () => ({ path: "/api/account/phone-numbers/someone-elses-number", init: { method: "DELETE" } }),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    // Open to everyone in waitlist mode only; this server's sign-up is public.
    route: "POST /api/waitlist",
    request: () => post("/api/waitlist", { email: "someone@example.com" }),
    status: { anonymous: 404, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/waitlist/confirm",
    request: () => post("/api/waitlist/confirm", { token: "x".repeat(43) }),
    status: { anonymous: 404, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "PUT /api/account/image",
    request: () => ({
      path: "/api/account/image",
      init: { method: "PUT", headers: { "content-type": "image/png" }, body: "not an image" },
    }),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  {
    route: "PUT /api/teams/:teamId/logo",
    request: (fx) => ({
      path: `/api/teams/${fx.team.id}/logo`,
      init: { method: "PUT", headers: { "content-type": "image/png" }, body: "not an image" },
    }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 400 },
    allowed: [],
  },
  {
    route: "DELETE /api/teams/:teamId/logo",
    request: (fx) => ({ path: `/api/teams/${fx.team.id}/logo`, init: { method: "DELETE" } }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
  {
    route: "DELETE /api/account/image",
    request: () => ({ path: "/api/account/image", init: { method: "DELETE" } }),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // Accounts with a password change it instead of setting a first one.
    route: "POST /api/account/password",
    request: () => post("/api/account/password", { newPassword: "a long new password 7" }),
    status: { anonymous: 401, stranger: 409, guest: 409, member: 409, admin: 409 },
    allowed: [],
  },
  {
    // Accounts with a password prove themselves with it, not with a mailed code.
    route: "POST /api/account/reverification/code",
    request: () => post("/api/account/reverification/code", {}),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  {
    route: "POST /api/account/reverification",
    request: () => post("/api/account/reverification", { answer: "not the password" }),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  {
    // Each user asks for a copy of their own data; the link goes to their own address.
    route: "POST /api/account/data-export",
    request: () => post("/api/account/data-export", {}),
    status: { anonymous: 401, stranger: 202, guest: 202, member: 202, admin: 202 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    // An old mailed link opens the export page, which hands nothing out by itself.
    route: "GET /api/data-export/:token",
    request: () => get("/api/data-export/an-unknown-token-of-enough-length"),
    status: { anonymous: 303, stranger: 303, guest: 303, member: 303, admin: 303 },
    allowed: [],
  },
  {
    // The mailed link is the only key: an unknown one opens nothing for anyone.
    route: "POST /api/data-export/check",
    request: () => post("/api/data-export/check", { token: "an-unknown-token-of-enough-length" }),
    status: { anonymous: 404, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/data-export/download",
    request: () => post("/api/data-export/download", { token: "an-unknown-token-of-enough-length" }),
    status: { anonymous: 404, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/account/delete",
    request: () => post("/api/account/delete", { confirmation: "Delete everything" }),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  // Ways to sign in: each actor reads their own; ids of other accounts' addresses and wallets are not found.
  {
    route: "GET /api/account/identifiers",
    request: () => get("/api/account/identifiers"),
    status: { anonymous: 401, stranger: 200, guest: 200, member: 200, admin: 200 },
    allowed: ["stranger", "guest", "member", "admin"],
  },
  {
    route: "POST /api/account/emails",
    request: () => post("/api/account/emails", { email: "not-an-address" }),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  ...(["code", "verify", "primary"] as const).map(
    (action): Row => ({
      route: `POST /api/account/emails/:id/${action}`,
      request: () => post(`/api/account/emails/someone-elses-address/${action}`, action === "verify" ? { code: "123456" } : {}),
      status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
      allowed: [],
    }),
  ),
  {
    route: "DELETE /api/account/emails/:id",
    request: () => ({ path: "/api/account/emails/someone-elses-address", init: { method: "DELETE" } }),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    route: "POST /api/account/wallets/challenge",
    request: () => post("/api/account/wallets/challenge", { address: "0x1234" }),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  {
    // A nonce nobody was given.
    route: "POST /api/account/wallets",
    request: () => post("/api/account/wallets", { nonce: "abcdefgh12345678", signature: "0x00" }),
    status: { anonymous: 401, stranger: 400, guest: 400, member: 400, admin: 400 },
    allowed: [],
  },
  {
    route: "DELETE /api/account/wallets/:id",
    request: () => ({ path: "/api/account/wallets/someone-elses-wallet", init: { method: "DELETE" } }),
    status: { anonymous: 401, stranger: 404, guest: 404, member: 404, admin: 404 },
    allowed: [],
  },
  {
    // Last, as it ends the team; admins may delete it, nobody else.
    route: "POST /api/teams/:teamId/delete",
    request: (fx) => post(`/api/teams/${fx.team.id}/delete`, { confirmName: "Renamed" }),
    status: { anonymous: 401, stranger: 404, guest: 403, member: 403, admin: 200 },
    allowed: ["admin"],
  },
];

/** The API and payment-page routes declared in server/routes/*.ts, as "METHOD path". */
function declaredRoutes(): string[] {
  const dir = path.resolve("server/routes");
  const out: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const source = readFileSync(path.join(dir, file), "utf8");
    for (const m of source.matchAll(/app\.(get|post|put|patch|delete)\(\s*"([^"]+)"/g)) {
      const [, method = "", route = ""] = m;
      if (route.startsWith("/api/") || route.includes("local-payments")) out.push(`${method.toUpperCase()} ${route}`);
    }
  }
  return out.sort();
}

describe.each(DATABASE_KINDS)("authorization matrix on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let fx: TeamFixture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    fx = await teamFixture(server, smtp);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const actor = (name: ActorName): Actor => (name === "anonymous" ? null : fx[name]);
  const send = (row: Row, name: ActorName, lang = "en") => {
    const { path: target, init = {} } = row.request(fx);
    return server.fetch(target, { ...init, headers: as(actor(name), { ...(init.headers as Record<string, string>), "x-language": lang }) });
  };

  it("covers every API route the server declares", () => {
    const covered = new Set(ROWS.map((r) => r.route));
    const declared = declaredRoutes();
    expect(declared).toContain("POST /api/send-contact");
    expect(declared.filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(ROWS.map((r) => [r.route, r] as const))("%s: refused actors get their status and change nothing", async (_route, row) => {
    for (const name of ACTORS.filter((a) => !row.allowed.includes(a))) {
      const before = await dbSnapshot(server.db);
      const res = await send(row, name, name === "stranger" ? "de" : "en");
      expect({ actor: name, status: res.status }).toEqual({ actor: name, status: row.status[name] });
      if (res.status >= 400 && row.request(fx).path.startsWith("/api/")) {
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        const body = await res.json();
        expect(typeof body.message).toBe("string");
        expect(body.message.length).toBeGreaterThan(0);
      }
      if (res.status === 303) expect(new URL(res.headers.get("location") ?? "", server.url).origin).toBe(server.url);
      expect(await dbSnapshot(server.db)).toEqual(before);
    }
  });

  it("shows a guest the team's name and role only, a member the rest", async () => {
    const asGuest = await (await server.fetch(`/api/teams/${fx.team.id}`, { headers: as(fx.guest) })).json();
    expect(asGuest).toEqual({ id: fx.team.id, name: fx.team.name, role: "guest", permissions: {} });
    const asMember = await (await server.fetch(`/api/teams/${fx.team.id}`, { headers: as(fx.member) })).json();
    expect(asMember).toMatchObject({ name: fx.team.name, role: "member", permissions: { roster: ["read"] }, memberCount: 4 });
  });

  it("answers refusals in the caller's language", async () => {
    const row = ROWS.find((r) => r.route === "POST /api/teams") as Row;
    expect(await (await send(row, "stranger", "de")).json()).toEqual({
      message: "Wechseln Sie zu Pro, um Teams zu erstellen",
      code: "teams_pro_only",
    });
    expect(await (await send(row, "anonymous", "de")).json()).toEqual({ message: "Sie müssen angemeldet sein", code: "unauthorized" });
    const leave = ROWS.find((r) => r.route === "POST /api/auth/organization/leave") as Row;
    expect(await (await send(leave, "admin", "de")).json()).toEqual({
      message: "Ein Team braucht mindestens einen Admin. Machen Sie zuerst ein anderes Mitglied zum Admin.",
      code: "organization_minimum_permissions_needed",
    });
    const list = ROWS.find((r) => r.route === "GET /api/auth/organization/list-members") as Row;
    expect(await (await send(list, "stranger", "de")).json()).toMatchObject({
      message: "Dieses Team gibt es nicht oder Sie gehören ihm nicht an.",
    });
    expect(await (await send(list, "guest", "de")).json()).toMatchObject({ message: "Ihre Rolle in diesem Team erlaubt das nicht." });
  });

  it("lets the allowed actors do each of these, in order", async () => {
    for (const row of ROWS) {
      for (const name of row.allowed) {
        const res = await send(row, name);
        expect({ route: row.route, actor: name, status: res.status }).toEqual({ route: row.route, actor: name, status: row.status[name] });
      }
      if (row.route === "POST /api/auth/organization/update") {
        const team = await server.db.selectFrom("organization").select("name").where("id", "=", fx.team.id).executeTakeFirstOrThrow();
        expect(team.name).toBe("Renamed");
      }
    }
    // What the allowed requests did, and nothing more: the last one deleted the team with its memberships.
    const team = await server.db.selectFrom("organization").select("name").where("id", "=", fx.team.id).executeTakeFirst();
    expect(team).toBeUndefined();
    const members = await server.db.selectFrom("member").select(["userId", "role"]).where("organizationId", "=", fx.team.id).execute();
    expect(members).toEqual([]);
  });

  it("reads only the caller's own subscription and teams, whatever the query names", async () => {
    const subscription = await server.fetch(`/api/subscription?userId=${fx.admin.id}`, { headers: as(fx.stranger) });
    expect(await subscription.json()).toMatchObject({ isPro: false, status: null });
    for (const kind of ["admin", "member"]) {
      const teams = await server.fetch(`/api/teams?kind=${kind}&userId=${fx.admin.id}`, { headers: as(fx.stranger) });
      expect(await teams.json()).toMatchObject({ total: 0, items: [] });
    }
    const orgs = await (await server.fetch(`${ORG}/list?userId=${fx.admin.id}`, { headers: as(fx.stranger) })).json();
    expect(orgs).toEqual([]);
  });

  it("creates a team for the signed-in user even when the body names another user", async () => {
    const slug = `delta-${crypto.randomUUID()}`;
    const res = await server.fetch(`${ORG}/create`, json({ name: "Delta", slug, userId: fx.stranger.id }, as(fx.admin)));
    expect(res.status).toBe(200);
    const rows = await server.db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select(["member.userId", "member.role"])
      .where("organization.slug", "=", slug)
      .execute();
    expect(rows).toEqual([{ userId: fx.admin.id, role: "admin" }]);
  });

  it("changes only the caller's own account, and never its subscription state", async () => {
    const userRow = (id: string) => server.db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const adminBefore = await userRow(fx.admin.id);
    const strangerBefore = await userRow(fx.stranger.id);

    // Fields a user may not write are refused outright.
    for (const field of [
      { activeSubscription: true },
      { subscriptionStatus: "active" },
      { createOrganization: true },
      { emailVerified: false },
    ]) {
      const res = await server.fetch("/api/auth/update-user", json(field, as(fx.stranger)));
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    }
    expect(await userRow(fx.stranger.id)).toEqual(strangerBefore);

    // Naming another user's id changes the caller's own row.
    const res = await server.fetch(
      "/api/auth/update-user",
      json({ name: "Sam Renamed", id: fx.admin.id, userId: fx.admin.id }, as(fx.stranger)),
    );
    expect(res.status).toBe(200);
    expect(await userRow(fx.admin.id)).toEqual(adminBefore);
    expect(await userRow(fx.stranger.id)).toMatchObject({ name: "Sam Renamed", email: fx.stranger.email });

    // Another user's session cannot be revoked: the admin stays signed in.
    const adminToken = fx.admin.cookie.split("=")[1]?.split(".")[0] as string;
    const revoke = await server.fetch("/api/auth/revoke-session", json({ token: adminToken }, as(fx.stranger)));
    expect(revoke.status).toBeLessThan(500);
    const session = await (await server.fetch("/api/auth/get-session", { headers: as(fx.admin) })).json();
    expect(session?.user?.id).toBe(fx.admin.id);
  });
});

/**
 * Every route of our own API that takes a JSON body or whose answer has a schema, as "METHOD path":
 * the schema of its body and of its answer. The server reads each body with the schema named here
 * (`readBody`, checked by tests/unit/api-schemas.test.ts) and `core/api.ts` types the browser's
 * calls from the same schemas. The identity library's routes (`/api/auth/*`) are its own.
 */
import type * as z from "zod/v4/core";
import * as account from "./account";
import * as apiKeys from "./api-keys";
import * as billing from "./billing";
import { done } from "./common";
import * as contact from "./contact";
import * as oauth from "./oauth";
import * as operator from "./operator";
import * as sso from "./sso";
import * as teams from "./teams";

export interface RouteSchemas {
  body?: z.$ZodType;
  answer?: z.$ZodType;
}

export const API_ROUTES = {
  "POST /api/send-contact": { body: contact.contactSchema, answer: contact.contactCreated },

  "POST /api/create-checkout-session": { body: billing.checkoutBody, answer: billing.checkoutSession },
  "POST /api/create-portal-session": { answer: billing.portalSession },
  "GET /api/subscription": { answer: billing.subscriptionView },

  "GET /api/teams": { answer: teams.teamPage },
  "POST /api/teams": { body: teams.createTeamBody, answer: teams.createdTeam },
  "GET /api/teams/:teamId": { answer: teams.teamView },
  "GET /api/teams/:teamId/members": { answer: teams.teamMemberPage },
  "GET /api/teams/:teamId/billing": { answer: teams.teamBilling },
  "GET /api/teams/:teamId/deletion": { answer: teams.teamDeletion },
  "PUT /api/teams/:teamId/logo": { answer: teams.teamLogo },
  "DELETE /api/teams/:teamId/logo": { answer: teams.teamLogo },
  "POST /api/teams/:teamId/delete": { body: teams.deleteTeamBody },
  "GET /api/invitations/:invitationId": { answer: teams.invitationPreview },
  "GET /api/teams/:teamId/invitations": { answer: teams.teamInvitationList },
  "POST /api/teams/:teamId/invitations": { body: teams.inviteBody, answer: teams.inviteResults },
  "POST /api/teams/:teamId/invitations/:invitationId/resend": { answer: done },
  "POST /api/teams/:teamId/invitations/:invitationId/revoke": { answer: done },
  "GET /api/teams/:teamId/domains": { answer: teams.teamDomainList },
  "POST /api/teams/:teamId/domains": { body: teams.addDomainBody, answer: teams.teamDomainRow },
  "POST /api/teams/:teamId/domains/:domainId/code": { body: teams.domainCodeRequestBody, answer: done },
  "POST /api/teams/:teamId/domains/:domainId/verify": { body: teams.domainCodeBody, answer: teams.teamDomainRow },
  "POST /api/teams/:teamId/domains/:domainId/enrollment": { body: teams.enrollmentBody, answer: teams.teamDomainRow },
  "POST /api/teams/:teamId/domains/:domainId/delete": { answer: done },
  "GET /api/teams/:teamId/requests": { answer: teams.membershipRequestList },
  "POST /api/teams/:teamId/requests/:requestId/approve": { answer: done },
  "POST /api/teams/:teamId/requests/:requestId/reject": { answer: done },
  "GET /api/teams/:teamId/sso": { answer: sso.ssoSettings },
  "POST /api/teams/:teamId/sso/oidc": { body: sso.oidcConnectionBody, answer: sso.ssoConnection },
  "POST /api/teams/:teamId/sso/saml": { body: sso.samlConnectionBody, answer: sso.ssoConnection },
  "POST /api/teams/:teamId/sso/:connectionId/state": { body: sso.ssoStateBody, answer: sso.ssoConnection },
  "POST /api/teams/:teamId/sso/:connectionId/delete": { answer: done },
  "POST /api/teams/:teamId/sso/:connectionId/test": { answer: sso.ssoTestStart },
  "GET /api/teams/:teamId/sso/tests/:testId": { answer: sso.ssoTestResult },
  "GET /api/sso/lookup": { answer: sso.ssoLookup },
  "GET /api/account/managed": { answer: sso.managedAccount },
  "GET /api/teams/:teamId/scim-tokens": { answer: sso.scimTokenList },
  "POST /api/teams/:teamId/scim-tokens": { answer: sso.createdScimToken },
  "POST /api/teams/:teamId/scim-tokens/:tokenId/revoke": { answer: done },
  "GET /api/team-suggestions": { answer: teams.teamSuggestionList },
  "POST /api/team-suggestions/:teamId/join": { answer: done },
  "POST /api/team-suggestions/:teamId/request": { answer: done },

  "GET /api/account/api-keys": { answer: apiKeys.apiKeyList },
  "POST /api/account/api-keys": { body: apiKeys.createApiKeyBody, answer: apiKeys.createdApiKey },
  "POST /api/account/api-keys/:keyId/revoke": { answer: done },
  "GET /api/teams/:teamId/api-keys": { answer: apiKeys.apiKeyList },
  "POST /api/teams/:teamId/api-keys": { body: apiKeys.createApiKeyBody, answer: apiKeys.createdApiKey },
  "POST /api/teams/:teamId/api-keys/:keyId/revoke": { answer: done },
  "GET /api/admin/users/:userId/api-keys": { answer: apiKeys.apiKeyList },
  "GET /api/admin/teams/:teamId/api-keys": { answer: apiKeys.apiKeyList },
  "POST /api/admin/api-keys/:keyId/revoke": { answer: done },
  "GET /api/admin/apps": { answer: oauth.appList },
  "POST /api/admin/apps": { body: oauth.registerAppBody, answer: oauth.registeredApp },
  "POST /api/admin/apps/:clientId/disable": { answer: done },
  "POST /api/admin/apps/:clientId/enable": { answer: done },
  "GET /api/account/consent/:clientId": { answer: oauth.consentRequest },
  "GET /api/account/connected-apps": { answer: oauth.connectedAppList },
  "POST /api/account/connected-apps/:clientId/disconnect": { answer: done },
  "PUT /api/account/image": { answer: account.profileImage },
  "DELETE /api/account/image": { answer: account.profileImage },
  "GET /api/account/devices": { answer: account.deviceList },
  "POST /api/account/devices/sign-out": { body: account.signOutDeviceBody },
  "POST /api/account/devices/sign-out-others": { answer: account.signedOutDevices },
  "POST /api/account/legal-consent": { body: account.legalConsentBody, answer: account.legalConsent },
  "GET /api/account/security": { answer: account.accountSecurity },
  "POST /api/account/reverification/code": { answer: done },
  "POST /api/account/reverification": { body: account.reverificationBody, answer: done },
  "POST /api/account/password": { body: account.firstPasswordBody, answer: done },
  "POST /api/account/delete": { body: account.deleteAccountBody, answer: done },
  "GET /api/account/phone-numbers": { answer: account.phoneNumberList },
  "POST /api/account/phone-numbers": { body: account.addPhoneNumberBody, answer: account.phoneNumberSummary },
  "POST /api/account/phone-numbers/two-factor": { body: account.smsTwoFactorBody, answer: account.phoneNumberList },
  "POST /api/account/phone-numbers/:id/code": { answer: done },
  "POST /api/account/phone-numbers/:id/verify": { body: account.phoneCodeBody, answer: account.phoneNumberSummary },
  "POST /api/account/phone-numbers/:id/primary": { answer: done },
  "DELETE /api/account/phone-numbers/:id": { answer: done },
  "GET /api/account/identifiers": { answer: account.accountIdentifiers },
  "POST /api/account/emails": { body: account.addEmailBody, answer: account.emailAddressSummary },
  "POST /api/account/emails/:id/code": { answer: done },
  "POST /api/account/emails/:id/verify": { body: account.emailCodeBody, answer: done },
  "POST /api/account/emails/:id/primary": { answer: done },
  "DELETE /api/account/emails/:id": { answer: done },
  "POST /api/account/wallets/challenge": { body: account.walletChallengeBody, answer: account.walletChallenge },
  "POST /api/account/wallets": { body: account.walletSignatureBody, answer: account.walletSummary },
  "DELETE /api/account/wallets/:id": { answer: done },
  "POST /api/waitlist": { body: account.waitlistJoinBody, answer: done },
  "POST /api/waitlist/confirm": { body: account.waitlistConfirmBody, answer: done },
  "POST /api/data-export/check": { body: account.dataExportLinkBody, answer: account.dataExportLink },
  /** Answers the archive itself, a JSON file sent as an attachment. */
  "POST /api/data-export/download": { body: account.dataExportLinkBody },

  "GET /api/admin/overview": { answer: operator.operatorOverview },
  "GET /api/admin/overview/daily": { answer: operator.operatorDaily },
  "GET /api/admin/users": { answer: operator.operatorUserPage },
  "GET /api/admin/users/:userId": { answer: operator.operatorUserDetail },
  "GET /api/admin/users/:userId/exports": { answer: operator.operatorDataExportList },
  "POST /api/impersonation/stop": { answer: operator.impersonationEnd },
  "GET /api/admin/audit-log": { answer: operator.auditPage },
  "GET /api/admin/contact-requests": { answer: operator.operatorContactRequestPage },
  "GET /api/admin/subscriptions": { answer: operator.operatorSubscriptionPage },
  "GET /api/admin/teams": { answer: operator.operatorTeamPage },
  "GET /api/admin/teams/:teamId": { answer: operator.operatorTeamDetail },
  "POST /api/admin/users/:userId/ban": { body: operator.banBody },
  "POST /api/admin/users/:userId/sessions/revoke": { body: operator.revokeSessionsBody },
  "POST /api/admin/users/:userId/delete": { body: operator.deleteUserBody },
  "POST /api/admin/users/:userId/complimentary": { body: operator.complimentaryBody },
  "POST /api/admin/contact-requests/:requestId": { body: operator.contactRequestChangeBody },
  "POST /api/admin/teams/:teamId/transfer-admin": { body: operator.transferAdminBody },
} as const satisfies Record<string, RouteSchemas>;

export type ApiRoute = keyof typeof API_ROUTES;

/**
 * The shapes of our API's requests and answers, read by the browser and produced by the server.
 * Every error answer is `ApiErrorBody`; `ApiRoutes` lists the routes the browser calls. A shape
 * with a schema in core/api/ is that schema's type (a body as it is sent, an answer as it is
 * produced), never restated here.
 */
import type { z } from "zod";
import type * as account from "./api/account";
import type * as apiKeys from "./api/api-keys";
import type * as billing from "./api/billing";
import type * as common from "./api/common";
import type * as contact from "./api/contact";
import type * as oauth from "./api/oauth";
import type * as sso from "./api/sso";
import type * as teams from "./api/teams";
import type { ContactFieldErrors } from "./contact/fields";
import type { ContactInput } from "./contact/schema";
import type { WireCode } from "./error-codes";
import type { OperatorRoutes } from "./operator";
import type { SecurityEventPage } from "./security-log";
import type { SignUpMode } from "./sign-up-mode";

/** API keys (docs/decisions/094). */
export type ApiKeyRow = z.output<typeof apiKeys.apiKeyRow>;
export type ApiKeyList = z.output<typeof apiKeys.apiKeyList>;
export type CreatedApiKey = z.output<typeof apiKeys.createdApiKey>;
export type CreateApiKeyRequest = z.input<typeof apiKeys.createApiKeyBody>;

/** Apps that sign in with the authorization server (docs/decisions/091). */
export type AppRow = z.output<typeof oauth.appRow>;
export type RegisterAppRequest = z.input<typeof oauth.registerAppBody>;
export type RegisteredApp = z.output<typeof oauth.registeredApp>;
export type ConnectedApp = z.output<typeof oauth.connectedApp>;
export type ConsentRequest = z.output<typeof oauth.consentRequest>;

export interface ApiErrorBody {
  message: string;
  /** The stable code of the refusal beside the translated message (core/error-codes.ts). */
  code?: WireCode;
  /** Per-field messages of a refused form. */
  errors?: ContactFieldErrors;
}

export type ContactCreated = z.output<typeof contact.contactCreated>;
export type SubscriptionView = z.output<typeof billing.subscriptionView>;
export type CheckoutOffer = z.output<typeof billing.checkoutOffer>;
export type CheckoutRequest = z.input<typeof billing.checkoutBody>;
export type CheckoutSession = z.output<typeof billing.checkoutSession>;
export type PortalSession = z.output<typeof billing.portalSession>;

export type TeamMembership = z.output<typeof teams.teamMembership>;

export type TeamPage = z.output<typeof teams.teamPage>;

export type TeamView = z.output<typeof teams.teamView>;
export type TeamMemberRow = z.output<typeof teams.teamMemberRow>;
export type TeamMemberPage = z.output<typeof teams.teamMemberPage>;
export type InvitationOutcome = z.output<typeof teams.invitationOutcome>;

export type InviteRequest = z.input<typeof teams.inviteBody>;

export type InviteResults = z.output<typeof teams.inviteResults>;
export type TeamInvitationRow = z.output<typeof teams.teamInvitationRow>;
export type InvitationPreview = z.output<typeof teams.invitationPreview>;
export type TeamInvitationList = z.output<typeof teams.teamInvitationList>;
export type PlanBadge = z.output<typeof teams.planBadge>;
export type TeamPlan = z.output<typeof teams.teamPlan>;
export type TeamBilling = z.output<typeof teams.teamBilling>;

export type TeamDomainRow = z.output<typeof teams.teamDomainRow>;

export type TeamDomainList = z.output<typeof teams.teamDomainList>;

export type MembershipRequestRow = z.output<typeof teams.membershipRequestRow>;

export type MembershipRequestList = z.output<typeof teams.membershipRequestList>;

export type TeamSuggestion = z.output<typeof teams.teamSuggestion>;

export type TeamSuggestionList = z.output<typeof teams.teamSuggestionList>;

export type TeamLogo = z.output<typeof teams.teamLogo>;

export type TeamDeletion = z.output<typeof teams.teamDeletion>;

export type DeleteTeamRequest = z.input<typeof teams.deleteTeamBody>;
export type CreateTeamRequest = z.input<typeof teams.createTeamBody>;
export type CreatedTeam = z.output<typeof teams.createdTeam>;

export type SsoConnection = z.output<typeof sso.ssoConnection>;
export type SsoSettings = z.output<typeof sso.ssoSettings>;
export type OidcConnectionRequest = z.input<typeof sso.oidcConnectionBody>;
export type SamlConnectionRequest = z.input<typeof sso.samlConnectionBody>;
export type SsoLookup = z.output<typeof sso.ssoLookup>;
export type SsoLinkView = z.output<typeof sso.ssoLinkView>;
export type SsoTestResult = z.output<typeof sso.ssoTestResult>;
export type ScimTokenRow = z.output<typeof sso.scimTokenRow>;
export type ScimTokenList = z.output<typeof sso.scimTokenList>;
export type CreatedScimToken = z.output<typeof sso.createdScimToken>;

/** GET /api/site-config: runtime settings the prerendered pages cannot contain. */
export interface SiteConfig {
  gaMeasurementId: string | null;
  /** Who may sign up: everyone, invited addresses only, or the waitlist for everyone else. */
  signUpMode: SignUpMode;
  /** Whether guarded forms solve a proof-of-work challenge (BOT_PROTECTION). */
  botProtection: boolean;
}

/** GET /api/auth/providers: the optional sign-in methods this deployment offers. */
export interface AuthProviders {
  google: boolean;
  /** Sign-in by a code e-mailed to the address ("Email me a code"). */
  emailCode: boolean;
  /** Sign-in by a link e-mailed to the address ("Email me a sign-in link"). */
  emailLink: boolean;
  /** Signing in with a code sent to a verified phone number ("Use your phone"). */
  phone: boolean;
}

/** GET /api/auth/sign-in-link/status: where the page's sign-in link stands (docs/decisions/072). */
export type SignInLinkState = "none" | "pending" | "verified" | "used" | "expired";

/** POST /api/auth/sign-in-link/open: what the link's page shows. */
export type SignInLinkOpened = "verified" | "other-device" | "already-verified" | "used";

/** What a sign-in answers: a session, or the second step the account asks for first (docs/decisions/073). */
export type SignInAnswer = { token: string; user: { id: string; email: string } } | { twoFactorRedirect: true; twoFactorMethods: string[] };

export type Device = z.output<typeof account.device>;
export type DeviceList = z.output<typeof account.deviceList>;

export type SignOutDeviceRequest = z.input<typeof account.signOutDeviceBody>;
export type SignedOutDevices = z.output<typeof account.signedOutDevices>;
export type ProfileImage = z.output<typeof account.profileImage>;

/** Each route the browser calls, as "METHOD path": its JSON body (if any) and its answer. */
export interface ApiRoutes extends OperatorRoutes {
  "POST /api/send-contact": { body: ContactInput; answer: ContactCreated };
  "POST /api/create-checkout-session": { body: CheckoutRequest; answer: CheckoutSession };
  "POST /api/create-portal-session": { answer: PortalSession };
  "GET /api/subscription": { answer: SubscriptionView };
  "GET /api/teams": { answer: TeamPage };
  "POST /api/teams": { body: CreateTeamRequest; answer: CreatedTeam };
  "GET /api/teams/:teamId": { answer: TeamView };
  "GET /api/teams/:teamId/deletion": { answer: TeamDeletion };
  /** The image file itself is the body (sent as it is, up to 10 MB). */
  "PUT /api/teams/:teamId/logo": { file: Blob; answer: TeamLogo };
  "DELETE /api/teams/:teamId/logo": { answer: TeamLogo };
  "POST /api/teams/:teamId/delete": { body: DeleteTeamRequest; answer: { deleted: true } };
  "GET /api/teams/:teamId/members": { answer: TeamMemberPage };
  "GET /api/teams/:teamId/billing": { answer: TeamBilling };
  "GET /api/teams/:teamId/domains": { answer: TeamDomainList };
  "POST /api/teams/:teamId/domains": { body: z.input<typeof teams.addDomainBody>; answer: TeamDomainRow };
  "POST /api/teams/:teamId/domains/:domainId/code": { body: z.input<typeof teams.domainCodeRequestBody>; answer: Done };
  "POST /api/teams/:teamId/domains/:domainId/verify": { body: z.input<typeof teams.domainCodeBody>; answer: TeamDomainRow };
  "POST /api/teams/:teamId/domains/:domainId/enrollment": { body: z.input<typeof teams.enrollmentBody>; answer: TeamDomainRow };
  "POST /api/teams/:teamId/domains/:domainId/delete": { answer: Done };
  "GET /api/teams/:teamId/requests": { answer: MembershipRequestList };
  "POST /api/teams/:teamId/requests/:requestId/approve": { answer: Done };
  "POST /api/teams/:teamId/requests/:requestId/reject": { answer: Done };
  "GET /api/teams/:teamId/sso": { answer: SsoSettings };
  "POST /api/teams/:teamId/sso/oidc": { body: OidcConnectionRequest; answer: SsoConnection };
  "POST /api/teams/:teamId/sso/saml": { body: SamlConnectionRequest; answer: SsoConnection };
  "POST /api/teams/:teamId/sso/:connectionId/state": { body: z.input<typeof sso.ssoStateBody>; answer: SsoConnection };
  "POST /api/teams/:teamId/sso/:connectionId/delete": { answer: Done };
  "POST /api/teams/:teamId/sso/:connectionId/test": { answer: z.output<typeof sso.ssoTestStart> };
  "GET /api/teams/:teamId/sso/tests/:testId": { answer: SsoTestResult };
  "GET /api/sso/lookup": { answer: SsoLookup };
  "GET /api/account/managed": { answer: z.output<typeof sso.managedAccount> };
  "GET /api/teams/:teamId/scim-tokens": { answer: ScimTokenList };
  "POST /api/teams/:teamId/scim-tokens": { answer: CreatedScimToken };
  "POST /api/teams/:teamId/scim-tokens/:tokenId/revoke": { answer: Done };
  "GET /api/team-suggestions": { answer: TeamSuggestionList };
  "POST /api/team-suggestions/:teamId/join": { answer: Done };
  "POST /api/team-suggestions/:teamId/request": { answer: Done };
  "GET /api/invitations/:invitationId": { answer: InvitationPreview };
  "GET /api/teams/:teamId/invitations": { answer: TeamInvitationList };
  "POST /api/teams/:teamId/invitations": { body: InviteRequest; answer: InviteResults };
  "POST /api/teams/:teamId/invitations/:invitationId/resend": { answer: Done };
  "POST /api/teams/:teamId/invitations/:invitationId/revoke": { answer: Done };
  "GET /api/site-config": { answer: SiteConfig };
  "GET /api/auth/providers": { answer: AuthProviders };
  "POST /api/auth/sso/start": { body: z.input<typeof sso.ssoStartBody>; answer: { url: string } };
  "POST /api/auth/sso/link/view": { body: { link: string }; answer: SsoLinkView };
  "POST /api/auth/sso/link/code": { body: { link: string }; answer: Done };
  "POST /api/auth/sso/link": { body: z.input<typeof sso.ssoLinkBody>; answer: SignInAnswer };
  "POST /api/auth/sign-in-link/send": { body: { email: string }; answer: { success: true } };
  "GET /api/auth/sign-in-link/status": { answer: { state: SignInLinkState } };
  "POST /api/auth/sign-in-link/open": { body: { token: string }; answer: { state: SignInLinkOpened } };
  "POST /api/auth/sign-in-link/complete": { body: Record<string, never>; answer: SignInAnswer };
  "POST /api/auth/sign-in-link/confirm": { body: { token: string }; answer: SignInAnswer };
  "GET /api/account/devices": { answer: DeviceList };
  "POST /api/account/devices/sign-out": { body: SignOutDeviceRequest; answer: Done };
  "POST /api/account/devices/sign-out-others": { answer: SignedOutDevices };
  /** The image file itself is the body (sent as it is, up to 10 MB). */
  "PUT /api/account/image": { file: Blob; answer: ProfileImage };
  "DELETE /api/account/image": { answer: ProfileImage };
  "GET /api/account/security": { answer: AccountSecurity };
  "GET /api/account/api-keys": { answer: ApiKeyList };
  "POST /api/account/api-keys": { body: CreateApiKeyRequest; answer: CreatedApiKey };
  "POST /api/account/api-keys/:keyId/revoke": { answer: Done };
  "GET /api/teams/:teamId/api-keys": { answer: ApiKeyList };
  "POST /api/teams/:teamId/api-keys": { body: CreateApiKeyRequest; answer: CreatedApiKey };
  "POST /api/teams/:teamId/api-keys/:keyId/revoke": { answer: Done };
  "GET /api/admin/users/:userId/api-keys": { answer: ApiKeyList };
  "GET /api/admin/teams/:teamId/api-keys": { answer: ApiKeyList };
  "POST /api/admin/api-keys/:keyId/revoke": { answer: Done };
  "GET /api/admin/apps": { answer: z.output<typeof oauth.appList> };
  "POST /api/admin/apps": { body: RegisterAppRequest; answer: RegisteredApp };
  "POST /api/admin/apps/:clientId/disable": { answer: Done };
  "POST /api/admin/apps/:clientId/enable": { answer: Done };
  "GET /api/account/consent/:clientId": { answer: ConsentRequest };
  "GET /api/account/connected-apps": { answer: z.output<typeof oauth.connectedAppList> };
  "POST /api/account/connected-apps/:clientId/disconnect": { answer: Done };
  /** The library's answer to the consent page: the app's redirect address with a code, or with access_denied. */
  "POST /api/auth/oauth2/consent": { body: { accept: boolean; oauth_query: string }; answer: z.output<typeof oauth.consentAnswer> };
  "GET /api/account/security-events": { answer: SecurityEventPage };
  "POST /api/account/reverification/code": { answer: Done };
  "POST /api/account/reverification": { body: z.input<typeof account.reverificationBody>; answer: Done };
  "POST /api/account/password": { body: z.input<typeof account.firstPasswordBody>; answer: Done };
  "POST /api/account/delete": { body: z.input<typeof account.deleteAccountBody>; answer: Done };
  "POST /api/account/legal-consent": { body: z.input<typeof account.legalConsentBody>; answer: LegalConsent };
  "POST /api/waitlist": { body: z.input<typeof account.waitlistJoinBody>; answer: Done };
  "GET /api/account/phone-numbers": { answer: PhoneNumberList };
  "POST /api/account/phone-numbers": { body: z.input<typeof account.addPhoneNumberBody>; answer: PhoneNumberSummary };
  "POST /api/account/phone-numbers/:id/code": { answer: Done };
  "POST /api/account/phone-numbers/:id/verify": { body: z.input<typeof account.phoneCodeBody>; answer: PhoneNumberSummary };
  "POST /api/account/phone-numbers/:id/primary": { answer: Done };
  "DELETE /api/account/phone-numbers/:id": { answer: Done };
  "POST /api/account/phone-numbers/two-factor": { body: z.input<typeof account.smsTwoFactorBody>; answer: PhoneNumberList };
  "POST /api/waitlist/confirm": { body: z.input<typeof account.waitlistConfirmBody>; answer: Done };
  "GET /api/account/identifiers": { answer: AccountIdentifiers };
  "POST /api/account/emails": { body: z.input<typeof account.addEmailBody>; answer: EmailAddressSummary };
  "POST /api/account/emails/:id/code": { answer: Done };
  "POST /api/account/emails/:id/verify": { body: z.input<typeof account.emailCodeBody>; answer: Done };
  "POST /api/account/emails/:id/primary": { answer: Done };
  "DELETE /api/account/emails/:id": { answer: Done };
  "POST /api/account/wallets/challenge": { body: z.input<typeof account.walletChallengeBody>; answer: WalletChallenge };
  "POST /api/account/wallets": { body: z.input<typeof account.walletSignatureBody>; answer: WalletSummary };
  "DELETE /api/account/wallets/:id": { answer: Done };
  "POST /api/account/data-export": { answer: { ok: true; email: string } };
  /** The mailed link's page asks whether its archive can be downloaded (decision 086). */
  "POST /api/data-export/check": { body: z.input<typeof account.dataExportLinkBody>; answer: DataExportLink };
}

/**
 * A data export link that can be downloaded: when the copy was made and until when the link works.
 * `POST /api/data-export/download` with the same body answers the archive itself, a JSON file sent
 * as an attachment, once; used, expired and unknown links answer `export_link_used` (410),
 * `export_link_expired` (410) and `export_link_invalid` (404).
 */
export type DataExportLink = z.output<typeof account.dataExportLink>;

export type AccountIdentifiers = z.output<typeof account.accountIdentifiers>;
export type EmailAddressSummary = z.output<typeof account.emailAddressSummary>;
export type ConnectedAccountSummary = z.output<typeof account.connectedAccountSummary>;
export type WalletSummary = z.output<typeof account.walletSummary>;
export type WalletChallenge = z.output<typeof account.walletChallenge>;

export type LegalConsent = z.output<typeof account.legalConsent>;

export type Done = z.output<typeof common.done>;

export type AccountSecurity = z.output<typeof account.accountSecurity>;
export type PasskeySummary = z.output<typeof account.passkeySummary>;
export type PhoneNumberSummary = z.output<typeof account.phoneNumberSummary>;
export type PhoneNumberList = z.output<typeof account.phoneNumberList>;

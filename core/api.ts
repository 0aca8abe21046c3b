/**
 * The shapes of our API's requests and answers, read by the browser and produced by the server.
 * Every error answer is `ApiErrorBody`; `ApiRoutes` lists the routes the browser calls.
 */
import type { ContactFieldErrors } from "./contact/fields";
import type { ContactInput } from "./contact/schema";
import type { OperatorRoutes } from "./operator";
import type { PlanType } from "./plans";
import type { TeamPermission, TeamRole } from "./teams";

export interface ApiErrorBody {
  message: string;
  /** A stable code for errors a client reacts to, beside the translated message. */
  code?: string;
  /** Per-field messages of a refused form. */
  errors?: ContactFieldErrors;
}

/** POST /api/send-contact, 201. */
export interface ContactCreated {
  id: string;
}

/** GET /api/subscription: the subscription as the dashboard reads it, computed by the server. */
export interface SubscriptionView {
  active: boolean;
  status: string | null;
  planType: PlanType;
  trialEndDate: string | null;
  daysLeftInTrial: number | null;
  isTrialing: boolean;
  isExpiring: boolean;
  trialEnding: boolean;
  /** The period ends and the plan stops then (canceled at period end). */
  cancelAt: string | null;
  /** Pro with an active subscription: may create teams and open the billing portal. */
  isPro: boolean;
}

/** POST /api/create-checkout-session: the body. The user must be the signed-in one. */
export interface CheckoutRequest {
  userId: string;
  planType: "pro";
  /** Start with the free trial; false subscribes at once. */
  trial: boolean;
  /** The team to create when the checkout completes. */
  teamName?: string;
}

/** POST /api/create-checkout-session: the provider's session and the page to send the browser to. */
export interface CheckoutSession {
  id: string;
  url: string;
}

/** POST /api/create-portal-session. */
export interface PortalSession {
  url: string;
}

/** One team in the dashboard's lists. */
export interface TeamMembership {
  id: string;
  name: string;
  slug: string;
  role: string;
}

/** GET /api/teams?kind=admin|member&page=N. */
export interface TeamPage {
  items: TeamMembership[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/teams/:teamId: the team as the caller may see it; a guest sees its name only. */
export interface TeamView {
  id: string;
  name: string;
  role: TeamRole;
  /** What the caller's role allows, per resource (see TEAM_STATEMENTS). */
  permissions: TeamPermission;
  /** Not shown to guests. */
  slug?: string;
  logo?: string | null;
  createdAt?: string;
  memberCount?: number;
}

/** GET /api/teams/:teamId/deletion: what deleting the team does to the subscription that pays for it. */
export interface TeamDeletion {
  /** The team is the last one its paying admin's running subscription pays for: deleting it cancels the subscription. */
  cancelsSubscription: boolean;
}

/** POST /api/teams/:teamId/delete: the body, the team's name typed to confirm. */
export interface DeleteTeamRequest {
  confirmName: string;
}

/** POST /api/teams: the body. */
export interface CreateTeamRequest {
  name: string;
}

/** POST /api/teams, 201. */
export interface CreatedTeam {
  id: string;
  name: string;
  slug: string;
}

/** GET /api/site-config: runtime settings the prerendered pages cannot contain. */
export interface SiteConfig {
  gaMeasurementId: string | null;
}

/** GET /api/auth/providers: the optional sign-in methods this deployment offers. */
export interface AuthProviders {
  google: boolean;
}

/** One signed-in browser or device of the user, as the security page lists it (never its token). */
export interface Device {
  /** The session's id: what the browser names when signing the device out. */
  id: string;
  /** Browser and operating system read from the user agent, null when unknown. */
  browser: string | null;
  os: string | null;
  /** The client address as stored when the session was created. */
  ipAddress: string | null;
  lastActiveAt: string;
  /** The session of this browser. */
  current: boolean;
}

/** GET /api/account/devices. */
export interface DeviceList {
  devices: Device[];
}

/** POST /api/account/devices/sign-out: the body. */
export interface SignOutDeviceRequest {
  id: string;
}

/** POST /api/account/devices/sign-out-others. */
export interface SignedOutDevices {
  signedOut: number;
}

/** PUT and DELETE /api/account/image: the profile image's URL now, or null. */
export interface ProfileImage {
  image: string | null;
}

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
  "POST /api/teams/:teamId/delete": { body: DeleteTeamRequest; answer: { deleted: true } };
  "GET /api/site-config": { answer: SiteConfig };
  "GET /api/auth/providers": { answer: AuthProviders };
  "GET /api/account/devices": { answer: DeviceList };
  "POST /api/account/devices/sign-out": { body: SignOutDeviceRequest; answer: { ok: true } };
  "POST /api/account/devices/sign-out-others": { answer: SignedOutDevices };
  /** The image file itself is the body (sent as it is, up to 10 MB). */
  "PUT /api/account/image": { file: Blob; answer: ProfileImage };
  "DELETE /api/account/image": { answer: ProfileImage };
  "GET /api/account/security": { answer: AccountSecurity };
  "POST /api/account/reverification/code": { answer: Done };
  "POST /api/account/reverification": { body: { answer: string }; answer: Done };
  "POST /api/account/password": { body: { newPassword: string }; answer: Done };
  "POST /api/account/delete": { body: { confirmation: string }; answer: Done };
}

/** The answer of a call that only reports success. */
export interface Done {
  ok: true;
}

/** GET /api/account/security: what the security page shows and how the account proves itself again. */
export interface AccountSecurity {
  hasPassword: boolean;
  twoFactorEnabled: boolean;
  /** The proof asked for before a sensitive change: authenticator code, password or mailed code. */
  reverification: "totp" | "password" | "email";
  /** The session proved its owner within the last 10 minutes. */
  recentlyVerified: boolean;
  /** New passwords need four kinds of characters. */
  passwordComplexity: boolean;
  /** The account's passkeys, oldest first (registered, renamed and removed through /api/auth/passkey/*). */
  passkeys: PasskeySummary[];
}

/** A passkey as the security page lists it; dates are ISO strings, `lastUsedAt` null until its first sign-in. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string | null;
  lastUsedAt: string | null;
}

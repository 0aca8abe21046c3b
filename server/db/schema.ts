import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  locale: string | null;
  /** The mailbox the address reaches (migration 0013_normalized_email). */
  normalizedEmail: string | null;
  /** When the account agreed to the terms and privacy policy, and their version (migration 0015_legal_consent). */
  legalConsentAt: Timestamp | null;
  legalConsentVersion: string | null;
  // Sign-up profile and plan (migration 0003_accounts).
  firstName: string | null;
  lastName: string | null;
  planType: string | null;
  teamName: string | null;
  createOrganization: boolean | null;
  organizationName: string | null;
  // Subscription state (migration 0004_billing); planType above is shared with billing.
  activeSubscription: Generated<boolean>;
  subscriptionStatus: string | null;
  trialEndsAt: Timestamp | null;
  // Username, stored lower-case, and the form the user typed (migration 0008_account_profile).
  username: string | null;
  displayUsername: string | null;
  // Two-step verification is on (migration 0009).
  twoFactorEnabled: boolean | null;
  // Operator role and bans (migration 0017_operator).
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: Timestamp | null;
  // Text message codes as the second step (migration 0022_phone_numbers).
  smsTwoFactorEnabled: boolean | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  activeOrganizationId: string | null;
  /** The operator who opened this session as the user (migration 0017_operator). */
  impersonatedBy: string | null;
  /** The enterprise connection the session was made through (migration 0036): enforcing it spares the session. */
  ssoConnectionId: Generated<string | null>;
}

/** An account's further e-mail addresses; verified ones are unique across this table and `user` (migration 0023_identifiers). */
export interface UserEmailTable {
  id: string;
  userId: string;
  email: string;
  normalizedEmail: string;
  verifiedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A Web3 wallet connected to an account for Sign-In with Ethereum (migration 0023_identifiers). */
export interface Web3WalletTable {
  id: string;
  userId: string;
  /** EIP-55 checksummed; unique whatever its case. */
  address: string;
  chainId: number;
  createdAt: Timestamp;
}

/** Better Auth's passkey plugin, plus when each passkey last signed in (migration 0020_passkeys). */
export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  createdAt: Timestamp | null;
  aaguid: string | null;
  lastUsedAt: Timestamp | null;
}

/** A jsonb array of strings: read as an array, written as its JSON text. */
type JsonStrings = ColumnType<string[], string, string>;

/** The OAuth provider plugin's clients (migration 0033_oauth_provider); the columns our code reads and writes. */
export interface OAuthClientTable {
  id: string;
  clientId: string;
  clientSecret: string | null;
  disabled: boolean | null;
  skipConsent: boolean | null;
  scopes: JsonStrings | null;
  redirectUris: JsonStrings;
  grantTypes: JsonStrings | null;
  responseTypes: JsonStrings | null;
  tokenEndpointAuthMethod: string | null;
  requirePKCE: boolean | null;
  name: string | null;
  userId: string | null;
  createdAt: Timestamp | null;
  updatedAt: Timestamp | null;
  metadata: unknown;
}

/** A resource access tokens are issued for (the API); written at start-up (server/oauth/seed.ts). */
export interface OAuthResourceTable {
  id: string;
  identifier: string;
  name: string;
  accessTokenTtl: number | null;
  disabled: boolean | null;
  policyVersion: number | null;
  createdAt: Timestamp | null;
  updatedAt: Timestamp | null;
}

/** A refresh token of the OAuth provider plugin: one row per rotation; `revoked` once used or ended. */
export interface OAuthRefreshTokenTable {
  id: string;
  token: string;
  clientId: string;
  sessionId: string | null;
  userId: string;
  authorizationCodeId: string | null;
  scopes: JsonStrings;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  revoked: Timestamp | null;
}

/** An opaque access token the authorization server stored (the API's own are JWTs and are not stored). */
export interface OAuthAccessTokenTable {
  id: string;
  token: string;
  clientId: string;
  sessionId: string | null;
  userId: string | null;
  refreshId: string | null;
  scopes: JsonStrings;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  revoked: Timestamp | null;
}

/** A user's consent to a client's scopes (clients that ask for it). */
export interface OAuthConsentTable {
  id: string;
  clientId: string;
  userId: string | null;
  scopes: JsonStrings;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The JWT plugin's signing keys; the private key is encrypted with the secret. */
export interface JwksTable {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: Timestamp;
  expiresAt: Timestamp | null;
  alg: string | null;
  crv: string | null;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Timestamp;
  metadata: string | null;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Timestamp;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  inviterId: string;
}

/** The development mailbox: mails stored instead of sent when no SMTP server is configured. */
/** An account's phone number in E.164 form (migration 0022_phone_numbers; docs/decisions/074). */
export interface PhoneNumberTable {
  id: string;
  user_id: string;
  phone_number: string;
  verified: Generated<boolean>;
  is_primary: Generated<boolean>;
  created_at: Generated<Date>;
  verified_at: Timestamp | null;
}

/** A code we sent, by purpose and subject (migration 0031_one_time_codes; server/codes/one-time-codes.ts). */
export interface OneTimeCodeTable {
  purpose: string;
  subject: string;
  /** Changes with every new code, so a right answer spends exactly the code it was compared with. */
  id: string;
  /** The account the code concerns, for erasure; none for team domains. */
  user_id: string | null;
  salt: string;
  code_hash: string;
  /** Checks made, the right answer's included. */
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

/** An API key, personal or a team's (migration 0035_api_keys; server/api-v1/api-keys.ts). */
export interface ApiKeyTable {
  id: string;
  name: string;
  /** The owner of a personal key; null for a team key. */
  user_id: string | null;
  /** The owner of a team key; null for a personal key. */
  organization_id: string | null;
  /** Who made it; a team key stops working when they leave the team. */
  created_by: string;
  /** Space-separated scopes. */
  scopes: string;
  /** SHA-256 (hex) of the whole key. */
  key_hash: string;
  /** The key's first characters, shown in lists. */
  start: string;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Text messages sent while no SMS provider is configured (read in development and tests). */
export interface DevSmsOutboxTable {
  id: Generated<number>;
  to: string;
  body: string;
  created_at: Generated<Date>;
}

export interface DevMailboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string;
  reply_to: string | null;
  created_at: Generated<Date>;
}

export type ContactStatus = "pending" | "notified" | "spam";

export interface ContactRequestTable {
  id: string;
  name: string;
  email: string;
  company: string | null;
  /** Free text for the team only; never shown back to the sender (migration 0007_contact_message). */
  message: string | null;
  language: string;
  status: ContactStatus;
  /** HMAC of the client address: lets abuse be traced without storing the address itself. */
  ip_hash: string;
  user_agent: string | null;
  created_at: Generated<Date>;
  // An operator's handling of the request (migration 0018_contact_handling).
  handled_at: Date | null;
  handled_by: string | null;
  handled_note: string | null;
}

/** The outbox: mails waiting for delivery, written with the change that caused them. */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  /** Whom delivery is reported to (e.g. "contact-request") and what they know the mail by (migration 0005_mail). */
  topic: string | null;
  ref: string | null;
  /** Stable Message-ID: a mail re-sent after a crash is recognisable as the same message. */
  message_id: string;
  to: string;
  /** The values the mail's template (by `kind`) is rendered from, as JSON text on insert (migration 0027). */
  data: ColumnType<unknown, string | null | undefined, string>;
  /** The rendered mail: only mails queued before migration 0027 have one. */
  reply_to: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  locked_until: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Generated<Date>;
}

export interface BillingCustomerTable {
  user_id: string;
  provider: string;
  customer_id: string;
  created_at: Generated<Date>;
}

export interface BillingSubscriptionTable {
  provider: string;
  id: string;
  user_id: string;
  customer_id: string;
  status: string;
  trial_end: Timestamp | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: boolean;
  /** Provider time (seconds) of the state stored; older events never overwrite it. */
  state_at: number;
  updated_at: Generated<Date>;
  // The price billed, in the currency's smallest unit, per interval (migration 0019_subscription_price).
  unit_amount: number | null;
  currency: string | null;
  interval: string | null;
  interval_count: number | null;
  // When the trial started and when it became paid, as stored (migration 0024_subscription_milestones).
  trial_started_at: Timestamp | null;
  converted_at: Timestamp | null;
}

export interface BillingEventTable {
  provider: string;
  id: string;
  type: string;
  received_at: Generated<Date>;
}

export interface LocalCheckoutSessionTable {
  id: string;
  user_id: string;
  customer_id: string;
  trial: boolean;
  team_name: string | null;
  status: Generated<string>;
  success_url: string;
  cancel_url: string;
  created_at: Generated<Date>;
}

export interface LocalSubscriptionTable {
  id: string;
  user_id: string;
  customer_id: string;
  status: string;
  trial_end: Timestamp | null;
  current_period_end: Timestamp;
  cancel_at_period_end: Generated<boolean>;
  created_at: Generated<Date>;
}

/** Stored images (profile images, team logos), named by the SHA-256 of their bytes (migration 0008_account_profile). */
export interface StoredImageTable {
  id: string;
  content_type: string;
  byte_size: number;
  data: Uint8Array;
  created_at: Generated<Date>;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
}

export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: boolean | null;
  failedVerificationCount: number | null;
  lockedUntil: Timestamp | null;
}

export interface SessionReverificationTable {
  session_id: string;
  verified_at: Timestamp;
}

export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

/** What operators did, from the console or the command line (migration 0017_operator); never changed afterwards. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  /** The operator's user id; null for the command line. */
  actorId: string | null;
  /** The operator's address at the time; null for the command line. */
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  /** What the target was called when the action happened (it may be erased later). */
  targetLabel: string | null;
  /** A keyed hash of the client address: the same address is recognisable, the address is not stored. */
  ipHash: string | null;
  outcome: string;
  details: unknown | null;
}

/** One security change of an account (migration 0030_security_log); removed with the account's erasure. */
export interface SecurityEventTable {
  id: Generated<number>;
  user_id: string;
  at: Generated<Date>;
  /** One of core/security-log.ts's event types. */
  type: string;
  /** "self" when the account's own session (or its sign-in) made the change, "operator" from the console. */
  actor: Generated<string>;
  browser: string | null;
  os: string | null;
  /** A keyed hash of the client address, as in the audit log. */
  ip_hash: string | null;
  details: unknown | null;
}

/** A device an account has signed in from (migration 0030_security_log): a keyed hash of its browser and system. */
export interface SecurityDeviceTable {
  user_id: string;
  device_hash: string;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

/** A team's domain (migration 0014_team_domains): verified by a code mailed to an address at it. */
export interface TeamDomainTable {
  id: string;
  organization_id: string;
  domain: string;
  enrollment_mode: Generated<string>;
  verified_at: Timestamp | null;
  verification_email: string | null;
  created_at: Timestamp;
}

/** A request to join a team offered through its domain (automatic suggestions). */
export interface MembershipRequestTable {
  id: string;
  organization_id: string;
  user_id: string;
  status: Generated<string>;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
}

export type WaitlistStatus = "pending" | "confirmed" | "invited";

/** The sign-up waitlist (migration 0016_waitlist): one row per mailbox. */
export interface WaitlistTable {
  id: string;
  email: string;
  normalized_email: string;
  language: string;
  status: Generated<WaitlistStatus>;
  /** SHA-256 of the confirmation link's token; the token itself is only in the mail. */
  token_hash: string | null;
  token_expires_at: Timestamp | null;
  confirmation_sent_at: Timestamp | null;
  created_at: Generated<Date>;
  confirmed_at: Timestamp | null;
  invited_at: Timestamp | null;
}

export type SignInLinkStatus = "pending" | "verified" | "used";

/** A sign-in by e-mailed link (migration 0021_sign_in_links): the attempt's state. */
export interface SignInLinkTable {
  id: string;
  /** The account signed in; null when the address has no verified account (no mail was sent). */
  user_id: string | null;
  email: string;
  language: string;
  /** SHA-256 of the link's token; the token itself is only in the mail. */
  token_hash: string;
  /** pending: mailed; verified: opened in the browser that asked; used: a session was made from it. */
  status: Generated<SignInLinkStatus>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  used_at: Timestamp | null;
}

export type DataExportStatus = "pending" | "ready" | "downloaded" | "expired" | "failed";

/** A user's data export (migration 0025): prepared in the background, fetched once through a mailed link. */
export interface DataExportTable {
  id: string;
  user_id: string;
  /** The operator who asked for it; null when the user did. */
  requested_by: string | null;
  language: string;
  status: Generated<DataExportStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  locked_until: Timestamp | null;
  last_error: string | null;
  /** The JSON archive while it waits to be fetched; emptied once fetched or expired. */
  archive: string | null;
  /** SHA-256 of the link's token; the token itself is only in the mail. */
  token_hash: string | null;
  expires_at: Timestamp | null;
  created_at: Generated<Date>;
  ready_at: Timestamp | null;
  downloaded_at: Timestamp | null;
}

/** A team's connection to its identity provider (migration 0037, docs/decisions/096). */
export interface SsoConnectionTable {
  id: string;
  organization_id: string;
  kind: string;
  state: Generated<string>;
  default_role: Generated<string>;
  provisioning: Generated<boolean>;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  /** Encrypted with a key derived from AUTH_SECRET (docs/decisions/097). */
  oidc_client_secret: string | null;
  oidc_metadata: ColumnType<unknown, string | null, string | null> | null;
  /** SAML 2.0 (migration 0039): the provider's entity id, its sign-in address (HTTP-Redirect) and metadata as saved. */
  saml_entity_id: string | null;
  saml_sso_url: string | null;
  saml_metadata: string | null;
  /** Where the metadata was read from, when the admin gave an address. */
  saml_metadata_url: string | null;
  disabled_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SsoConnectionDomainTable {
  connection_id: string;
  domain: string;
}

/** A team's bearer token for its directory's SCIM requests (migration 0038; server/enterprise/scim/tokens.ts). */
export interface ScimTokenTable {
  id: string;
  organization_id: string;
  /** SHA-256 (hex) of the whole token. */
  token_hash: string;
  /** The token's first characters, shown in the list. */
  start: string;
  last_used_at: Timestamp | null;
  created_at: Generated<Date>;
}

/**
 * A test of a connection by a team admin (migration 0036): its id is the attempt's, and its outcome
 * (the claims received, or the failure's code) is kept for the result page until it expires.
 */
export interface SsoTestTable {
  id: string;
  organization_id: string;
  connection_id: string;
  user_id: string;
  outcome: unknown | null;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

/** A person provisioned by a team's directory: the link between their account and the team (docs/decisions/100). */
export interface ScimUserTable {
  /** The SCIM resource's id, as the directory addresses it. */
  id: string;
  organization_id: string;
  user_id: string;
  /** The directory's `userName` (unique in the team, compared without case). */
  user_name: string;
  external_id: string | null;
  /** False while the directory has the person deactivated: no membership, no sessions. */
  active: Generated<boolean>;
  /** Whether provisioning made the account (rather than finding a member's existing one). */
  made_account: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A sign-in through a connection under way, or one waiting for the account's owner to confirm the link. */
export interface SsoAttemptTable {
  id: string;
  connection_id: string;
  lang: string;
  code_verifier: string | null;
  nonce: string | null;
  user_id: string | null;
  subject: string | null;
  email: string | null;
  /** SAML 2.0: the AuthnRequest's ID the provider's answer must name (InResponseTo). */
  saml_request_id: string | null;
  /** SAML 2.0: the person a verified answer named, until the browser completes the sign-in. */
  saml_identity: ColumnType<unknown, string | null, string | null> | null;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

/** An assertion already used, refused if it comes again before it expires (migration 0039; docs/decisions/102). */
export interface SamlAssertionTable {
  connection_id: string;
  assertion_id: string;
  expires_at: Timestamp;
}

/** Tables the product's own code queries; Better Auth manages the rest of its tables itself. */
export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  session_reverification: SessionReverificationTable;
  passkey: PasskeyTable;
  oauthClient: OAuthClientTable;
  oauthResource: OAuthResourceTable;
  oauthRefreshToken: OAuthRefreshTokenTable;
  oauthAccessToken: OAuthAccessTokenTable;
  oauthConsent: OAuthConsentTable;
  jwks: JwksTable;
  user_email: UserEmailTable;
  web3_wallet: Web3WalletTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  dev_mailbox: DevMailboxTable;
  phone_number: PhoneNumberTable;
  one_time_code: OneTimeCodeTable;
  api_key: ApiKeyTable;
  dev_sms_outbox: DevSmsOutboxTable;
  contact_request: ContactRequestTable;
  mail_outbox: MailOutboxTable;
  billing_customer: BillingCustomerTable;
  billing_subscription: BillingSubscriptionTable;
  billing_event: BillingEventTable;
  local_checkout_session: LocalCheckoutSessionTable;
  local_subscription: LocalSubscriptionTable;
  stored_image: StoredImageTable;
  audit_log: AuditLogTable;
  app_setting: AppSettingTable;
  team_domain: TeamDomainTable;
  membership_request: MembershipRequestTable;
  waitlist: WaitlistTable;
  sign_in_link: SignInLinkTable;
  data_export: DataExportTable;
  security_event: SecurityEventTable;
  security_device: SecurityDeviceTable;
  sso_connection: SsoConnectionTable;
  sso_connection_domain: SsoConnectionDomainTable;
  sso_attempt: SsoAttemptTable;
  sso_test: SsoTestTable;
  saml_assertion: SamlAssertionTable;
  scim_token: ScimTokenTable;
  scim_user: ScimUserTable;
}

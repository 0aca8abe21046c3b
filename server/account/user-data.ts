import { sql } from "kysely";
import type { DB } from "../db/database.js";
import { renderQueuedMail } from "../mail/outbox-templates.js";

/**
 * Every table of the schema and where a person's data in it goes: the section of the export that
 * carries it, or why the table holds nothing about a person. The data-export test compares this
 * with the database's tables, so a new table must be placed here (docs/decisions/082).
 */
export const EXPORT_COVERAGE: Record<string, string> = {
  user: "profile, consent, subscription",
  account: "signInMethods (without password hashes or provider tokens)",
  session: "sessions (without their tokens)",
  session_reverification: "sessions (when each was last re-verified)",
  twoFactor: "twoStepVerification (whether it is on; never the secret or backup codes)",
  passkey: "passkeys (without the public key)",
  verification: "not exported: short-lived sign-in and verification codes",
  organization: "teams",
  member: "teams",
  invitation: "invitations (sent by the user or to the user's address)",
  membership_request: "membershipRequests",
  team_domain: "teamDomainVerifications (domains verified with the user's address)",
  billing_customer: "subscription.customers",
  billing_subscription: "subscription.subscriptions",
  billing_event: "not exported: the payment provider's event ids, naming no person",
  local_checkout_session: "subscription.checkouts",
  local_subscription: "subscription.localSubscriptions",
  contact_request: "contactRequests (sent from the user's address)",
  mail_outbox: "mails (sent to the user's address, without their bodies)",
  dev_mailbox: "mails (the development mailbox, when no mail server is configured)",
  waitlist: "waitlist",
  audit_log: "operatorActions (actions taken on the user's account)",
  data_export: "dataExports (earlier requests, without archives or links)",
  security_event: "securityLog (the account's security changes)",
  security_device: "securityDevices (when each device was first and last seen, without its key)",
  user_email: "emailAddresses (further addresses)",
  phone_number: "phoneNumbers",
  one_time_code: "not exported: short-lived codes sent to verify an address, a number or a domain (hashes only)",
  dev_sms_outbox: "textMessages (the development outbox, when no SMS provider is configured)",
  web3_wallet: "wallets",
  sign_in_link: "signInLinks (without their tokens)",
  stored_image: "not exported: image bytes; the profile image's address is in the profile",
  api_key: "apiKeys (the user's own keys and the team keys they created, without the key or its hash)",
  oauthClient: "appsRegistered (apps the user registered as an operator)",
  oauthConsent: "connectedApps.consents",
  oauthRefreshToken: "connectedApps.grants (without their tokens)",
  oauthAccessToken: "connectedApps.accessTokens (without their tokens)",
  oauthResource: "not exported: the APIs apps may be given access to, naming no person",
  oauthClientResource: "not exported: which app may reach which API, naming no person",
  oauthClientAssertion: "not exported: used client assertions of apps, naming no person",
  jwks: "not exported: the authorization server's signing keys",
  sso_connection: "not exported: a team's single sign-on settings, naming no person",
  sso_connection_domain: "not exported: the domains a team's single sign-on serves",
  sso_attempt: "not exported: single sign-on attempts under way, kept for minutes",
  sso_test: "not exported: a team admin's test of a single sign-on connection, kept for minutes",
  saml_assertion: "not exported: ids of identity providers' assertions already used, kept until they expire",
  scim_token: "not exported: a team's provisioning tokens (hashes only), naming no person",
  scim_user: "directoryProvisioning (the teams' directories' names for the user and whether they have the user active)",
  app_setting: "not exported: settings of the installation",
  kysely_migration: "not exported: the schema's version",
  kysely_migration_lock: "not exported: the schema's version",
};

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
/** Rows with dates as ISO strings, without the named (secret) columns. */
function clean<T extends Record<string, unknown>>(rows: T[], drop: string[] = []) {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([k]) => !drop.includes(k))
        .map(([k, v]) => [k, iso(v)]),
    ),
  );
}

/**
 * Everything stored about a user, as one machine-readable document (the right of access, GDPR
 * article 15, and portability, article 20). Secrets that protect the account are left out.
 */
export async function collectUserData(db: DB, userId: string) {
  const user = await db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const email = user.email.toLowerCase();
  const sessionIds = db.selectFrom("session").select("id").where("userId", "=", userId);
  const [
    accounts,
    sessions,
    reverifications,
    twoFactor,
    passkeys,
    teams,
    invitations,
    requests,
    domains,
    customers,
    subscriptions,
    checkouts,
    localSubscriptions,
    contacts,
    mails,
    devMails,
    waitlist,
    audit,
    exports,
    emailAddresses,
    phoneNumbers,
    wallets,
    signInLinks,
    securityLog,
    securityDevices,
    apiKeys,
    appsRegistered,
    consents,
    grants,
    accessTokens,
    provisioning,
  ] = await Promise.all([
    db.selectFrom("account").select(["id", "providerId", "accountId", "createdAt", "updatedAt"]).where("userId", "=", userId).execute(),
    db.selectFrom("session").selectAll().where("userId", "=", userId).orderBy("createdAt").execute(),
    db.selectFrom("session_reverification").selectAll().where("session_id", "in", sessionIds).execute(),
    db.selectFrom("twoFactor").select(["id", "verified"]).where("userId", "=", userId).execute(),
    db.selectFrom("passkey").selectAll().where("userId", "=", userId).execute(),
    db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select([
        "organization.id",
        "organization.name",
        "organization.slug",
        "organization.logo",
        "member.role",
        "member.createdAt as joinedAt",
      ])
      .where("member.userId", "=", userId)
      .execute(),
    db
      .selectFrom("invitation")
      .selectAll()
      .where((eb) => eb.or([eb("inviterId", "=", userId), eb(sql`lower(email)`, "=", email)]))
      .execute(),
    db.selectFrom("membership_request").selectAll().where("user_id", "=", userId).execute(),
    db
      .selectFrom("team_domain")
      .select(["id", "organization_id", "domain", "verified_at", "verification_email", "created_at"])
      .where(sql`lower(verification_email)`, "=", email)
      .execute(),
    db.selectFrom("billing_customer").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("billing_subscription").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("local_checkout_session").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("local_subscription").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("contact_request").selectAll().where(sql`lower(email)`, "=", email).orderBy("created_at").execute(),
    db
      .selectFrom("mail_outbox")
      .select(["kind", "to", "data", "subject", "created_at", "sent_at"])
      .where(sql`lower("to")`, "=", email)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("dev_mailbox")
      .select(["to", "subject", "created_at"])
      .where(sql`lower("to")`, "=", email)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("waitlist")
      .selectAll()
      .where("normalized_email", "=", user.normalizedEmail ?? email)
      .execute(),
    db
      .selectFrom("audit_log")
      .select(["at", "action", "outcome", "details"])
      .where("targetType", "=", "user")
      .where("targetId", "=", userId)
      .orderBy("at")
      .execute(),
    db
      .selectFrom("data_export")
      .select(["id", "status", "created_at", "ready_at", "downloaded_at", "expires_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db.selectFrom("user_email").selectAll().where("userId", "=", userId).orderBy("createdAt").execute(),
    db.selectFrom("phone_number").selectAll().where("user_id", "=", userId).orderBy("created_at").execute(),
    db.selectFrom("web3_wallet").selectAll().where("userId", "=", userId).orderBy("createdAt").execute(),
    db
      .selectFrom("sign_in_link")
      .select(["id", "email", "status", "created_at", "expires_at", "verified_at", "used_at"])
      .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)]))
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("security_event")
      .select(["at", "type", "actor", "browser", "os", "ip_hash", "details"])
      .where("user_id", "=", userId)
      .orderBy("at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("security_device")
      .select(["first_seen_at", "last_seen_at"])
      .where("user_id", "=", userId)
      .orderBy("first_seen_at")
      .execute(),
    db
      .selectFrom("api_key")
      .select(["id", "name", "start", "scopes", "organization_id", "expires_at", "last_used_at", "created_at"])
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("created_by", "=", userId)]))
      .orderBy("created_at")
      .execute(),
    db.selectFrom("oauthClient").select(["clientId", "name", "redirectUris", "createdAt"]).where("userId", "=", userId).execute(),
    db.selectFrom("oauthConsent").select(["clientId", "scopes", "createdAt", "updatedAt"]).where("userId", "=", userId).execute(),
    db
      .selectFrom("oauthRefreshToken")
      .select(["clientId", "scopes", "createdAt", "expiresAt", "revoked"])
      .where("userId", "=", userId)
      .orderBy("createdAt")
      .execute(),
    db
      .selectFrom("oauthAccessToken")
      .select(["clientId", "scopes", "createdAt", "expiresAt", "revoked"])
      .where("userId", "=", userId)
      .orderBy("createdAt")
      .execute(),
    db
      .selectFrom("scim_user")
      .select(["organization_id", "user_name", "external_id", "active", "made_account", "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
  ]);
  const numbers = phoneNumbers.map((p) => p.phone_number);
  const texts = numbers.length
    ? await db.selectFrom("dev_sms_outbox").select(["to", "body", "created_at"]).where("to", "in", numbers).orderBy("created_at").execute()
    : [];
  return {
    format: "recruiting-crm-personal-data",
    version: 1,
    generatedAt: new Date().toISOString(),
    profile: clean(
      [user],
      ["legalConsentAt", "legalConsentVersion", "planType", "activeSubscription", "subscriptionStatus", "trialEndsAt"],
    )[0],
    consent: { termsAcceptedAt: iso(user.legalConsentAt) ?? null, termsVersion: user.legalConsentVersion },
    signInMethods: clean(accounts),
    sessions: clean(sessions, ["token"]),
    sessionReverifications: clean(reverifications),
    twoStepVerification: { enabled: Boolean(user.twoFactorEnabled), verified: twoFactor.some((t) => t.verified) },
    passkeys: clean(passkeys, ["publicKey"]),
    teams: clean(teams),
    invitations: clean(invitations),
    membershipRequests: clean(requests),
    teamDomainVerifications: clean(domains),
    subscription: {
      planType: user.planType,
      active: user.activeSubscription,
      status: user.subscriptionStatus,
      trialEndsAt: iso(user.trialEndsAt) ?? null,
      customers: clean(customers),
      subscriptions: clean(subscriptions),
      checkouts: clean(checkouts),
      localSubscriptions: clean(localSubscriptions),
    },
    contactRequests: clean(contacts),
    mails: clean([...mails.map(withSubject), ...devMails]),
    waitlist: clean(waitlist, ["token_hash"]),
    operatorActions: clean(audit),
    dataExports: clean(exports),
    emailAddresses: clean(emailAddresses),
    phoneNumbers: clean(phoneNumbers),
    textMessages: clean(texts),
    wallets: clean(wallets),
    signInLinks: clean(signInLinks),
    securityLog: clean(securityLog),
    securityDevices: clean(securityDevices),
    apiKeys: clean(apiKeys),
    appsRegistered: clean(appsRegistered),
    connectedApps: { consents: clean(consents), grants: clean(grants), accessTokens: clean(accessTokens) },
    directoryProvisioning: clean(provisioning),
  };
}

/** A queued mail without its stored values; its subject rendered from them where it has none stored. */
function withSubject<T extends { kind: string; data: unknown; subject: string | null }>({ data, ...mail }: T) {
  return { ...mail, subject: mail.subject ?? renderQueuedMail(mail.kind, data).subject };
}

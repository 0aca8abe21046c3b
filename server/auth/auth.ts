import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { APIError, getOAuthState } from "better-auth/api";
import { admin, bearer, emailOTP, genericOAuth, multiSession, organization, twoFactor, username } from "better-auth/plugins";
import type { Logger } from "pino";
import { LEGAL_VERSION } from "../../core/legal.js";
import { splitName } from "../../core/names.js";
import { PLAN_TYPES } from "../../core/plans.js";
import { INVITATION_DAYS } from "../../core/teams.js";
import { USERNAME_MAX, USERNAME_MIN, usernameProblem } from "../../core/username.js";
import { emailAllowed, emailRulesOf, normalizeEmail } from "../access/email-rules.js";
import { type SignUpRefusal, signUpAccess } from "../access/sign-up-access.js";
import { canCreateTeams } from "../billing/billing-service.js";
import { botProtectionPlugin } from "../bot-protection/auth-plugin.js";
import { type BotProtection, botProtection } from "../bot-protection/bot-protection.js";
import type { Config } from "../config.js";
import { domainOf } from "../contact/submit-contact.js";
import type { DB } from "../db/database.js";
import { managedAccounts } from "../enterprise/managed-accounts.js";
import { ssoSignIn } from "../enterprise/sso-sign-in.js";
import { AppError, ERRORS } from "../errors.js";
import { requestLanguage } from "../i18n.js";
import { ownerOfFurtherAddress } from "../identifiers/email-addresses.js";
import { identifierRulesOf } from "../identifiers/last-identifier.js";
import { AUTH_BASE_PATH, LIBRARY_PATH, OWN_AUTH_PATH, pathMatches, UNUSED_AUTH_PATHS } from "../identity-paths.js";
import type { KeyValueStore } from "../kv.js";
import { libraryError } from "../library-error.js";
import { existingAccountMail } from "../mail/templates/existing-account.js";
import { verificationCodeMail } from "../mail/templates/verification-code.js";
import type { SendMail } from "../mail/transport.js";
import { type MetricEvents, NO_METRICS } from "../metrics/metrics.js";
import { oauthPlugins } from "../oauth/provider.js";
import type { PhoneDeps } from "../phone/phone-numbers.js";
import { phoneNumbers } from "../phone/phone-sign-in.js";
import { sendSecondStepSms } from "../phone/sms-two-factor.js";
import { type SmsLimiter, smsLimiter } from "../sms/sms-limits.js";
import { createSmsSender, type SmsSender } from "../sms/sms-sender.js";
import { teamAccess, teamRoles } from "../teams/access.js";
import { queueInvitationMail } from "../teams/invitations.js";
import { memberLimitOf, seatsUsed } from "../teams/roster.js";
import { backupCodeStore, newBackupCodes } from "./backup-codes.js";
import { identityMetrics } from "./identity-metrics.js";
import { libraryErrorObserver, libraryFailures } from "./library-failures.js";
import { organizationCreator } from "./organizations.js";
import { type PasswordChecker, passwordChecker } from "./password-policy.js";
import { afterPasswordReset, type VerificationStore } from "./password-reset.js";
import { authProviders, GOOGLE_DISCOVERY_URL, GOOGLE_PROVIDER_ID } from "./providers.js";
import { authRequestRules, echoTypedAddress } from "./request-rules.js";
import { secondFactorOnEveryFirstFactor } from "./second-factor.js";
import { recordPasswordReset, securityEvents } from "./security-events.js";
import { SIGN_IN_LIMITS } from "./sign-in-limit.js";
import { SIGN_IN_LINK_PATHS, signInLink } from "./sign-in-link.js";
import { signOutHolds } from "./sign-out-holds.js";
import { checkNameLengths, createSignUpTeam, signUpPlan } from "./sign-up-plan.js";
import { walletSignIn } from "./wallet-sign-in.js";

/** Header our server sets to the resolved client address; any client-sent value is replaced. */
export const CLIENT_IP_HEADER = "x-client-ip";

/** Origins whose pages may send state-changing requests: the site itself (also for our own routes). */
export const trustedOrigins = (config: Pick<Config, "BASE_URL">) => [config.BASE_URL];

export interface AuthDeps {
  config: Config;
  db: DB;
  sendMail: SendMail;
  kv?: KeyValueStore;
  logger: Logger;
  /** The new-password rule; built from the configuration when not given. */
  passwords?: PasswordChecker;
  /** Text messages and their limits, shared with the phone number routes; built from the configuration when not given. */
  sms?: SmsSender;
  smsLimits?: SmsLimiter;
  /** Proof of work against bots, shared with our own routes; built from the configuration when not given. */
  bots?: BotProtection;
  /** Where sign-ins, second steps, sign-ups and bans are counted (metrics, decision 016). */
  events?: MetricEvents;
}

export function createAuth({
  config,
  db,
  sendMail,
  kv,
  logger,
  passwords = passwordChecker(config, logger),
  sms = createSmsSender(config, db, logger),
  smsLimits = smsLimiter({ enabled: config.RATE_LIMIT, kv, logger }),
  bots = botProtection(config, kv, logger),
  events = NO_METRICS,
}: AuthDeps) {
  const google = config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET;
  const emailRules = emailRulesOf(config);
  const mayCreateAccount = signUpAccess({ db, mode: config.SIGNUP_MODE, rules: emailRules });
  const phone: PhoneDeps = {
    db,
    sms,
    limiter: smsLimits,
    logger,
    updateUser: async (userId, data) => (await auth.$context).internalAdapter.updateUser(userId, data),
  };
  const securityLog = { db, secret: config.AUTH_SECRET, clientIpHeader: CLIENT_IP_HEADER };
  const endAccessAfterPasswordReset = afterPasswordReset({
    db,
    verifications: async (): Promise<VerificationStore> => (await auth.$context).internalAdapter,
    baseUrl: config.BASE_URL,
    mailDomain: domainOf(config.MAIL_FROM),
    logger,
  });
  const auth = betterAuth({
    appName: "Recruiting CRM",
    baseURL: config.BASE_URL,
    basePath: AUTH_BASE_PATH,
    secret: config.AUTH_SECRET,
    trustedOrigins: trustedOrigins(config),
    database: { db, type: "postgres" },
    secondaryStorage: kv,
    telemetry: { enabled: false },
    // A fault the library answers itself is logged here, and a database or Redis away told apart (503).
    onAPIError: { onError: libraryErrorObserver(logger) },
    // Code routes the product does not use: the deprecated reset alias and the resends outside our
    // own limits, and a bare code check; sign-in by e-mailed code, link or phone when switched off.
    disabledPaths: [
      ...UNUSED_AUTH_PATHS,
      ...(config.SIGN_IN_EMAIL_CODE ? [] : [LIBRARY_PATH.signInEmailOTP]),
      ...(config.SIGN_IN_EMAIL_LINK ? [] : SIGN_IN_LINK_PATHS),
      ...(config.SIGN_IN_PHONE ? [] : [OWN_AUTH_PATH.sendPhoneSignInCode, OWN_AUTH_PATH.signInPhone]),
    ],
    hooks: {
      before: authRequestRules({
        db,
        emailRules,
        passwords,
        signUpAccess: mayCreateAccount,
        emailCodeSignIn: config.SIGN_IN_EMAIL_CODE,
        identifierRules: identifierRulesOf(config),
      }),
      after: echoTypedAddress,
    },
    user: {
      additionalFields: {
        locale: { type: "string", required: false, defaultValue: "en", input: true },
        // The mailbox the address reaches (docs/decisions/126); unique, so variants of one address cannot hold two accounts.
        normalizedEmail: { type: "string", required: false, input: false },
        // The agreement to the terms and privacy policy: when, and to which version (core/legal.ts).
        legalConsentAt: { type: "date", required: false, input: false },
        legalConsentVersion: { type: "string", required: false, input: false },
        // --- Subscription state (public metadata): written only by billing, never by the user. ---
        // "planType" belongs to the sign-up fields (the chosen plan); billing sets it to "pro" once subscribed.
        activeSubscription: { type: "boolean", required: false, defaultValue: false, input: false },
        subscriptionStatus: { type: "string", required: false, input: false },
        trialEndsAt: { type: "date", required: false, input: false },
        // --- end of subscription state ---
        // --- Sign-up profile and plan (the wizard sends name parts, plan and team name); the server derives the team fields. ---
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        planType: { type: [...PLAN_TYPES], required: false, defaultValue: "individual", input: true },
        teamName: { type: "string", required: false, input: true },
        createOrganization: { type: "boolean", required: false, defaultValue: false, input: false },
        organizationName: { type: "string", required: false, input: false },
        // --- end of sign-up fields ---
        // Text message codes are a second step (server/phone/phone-numbers.ts, migration 0022).
        smsTwoFactorEnabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            // The Google route carries plan, team name and language through the OAuth state.
            const oauth = ctx?.path && pathMatches(LIBRARY_PATH.callbackOAuth, ctx.path) ? await getOAuthState() : null;
            checkNameLengths(user);
            // Through Google a refusal returns to the page's error address with its code; by e-mail it is the answer.
            const refuse = (refusal: "notAllowedAccess" | SignUpRefusal) => {
              const { code } = ERRORS[refusal];
              if (oauth?.errorURL) throw ctx?.redirect(`${oauth.errorURL}${oauth.errorURL.includes("?") ? "&" : "?"}error=${code}`);
              return libraryError(new AppError(refusal));
            };
            // The Google route does not pass the request rules: its address is checked here.
            if (!emailAllowed(emailRules, user.email)) throw refuse("notAllowedAccess");
            const normalizedEmail = normalizeEmail(user.email);
            // A sign-up by e-mail with a variant of an existing address never gets here (see the request
            // rules); through Google, a variant of another account's address is refused.
            const taken =
              (await db.selectFrom("user").select("id").where("normalizedEmail", "=", normalizedEmail).executeTakeFirst()) ??
              (await ownerOfFurtherAddress(db, user.email));
            if (taken) throw refuse("notAllowedAccess");
            const refusal = oauth ? await mayCreateAccount(user.email) : null;
            if (refusal) throw refuse(refusal);
            const source = oauth ?? user;
            const plan = signUpPlan(source as { planType?: unknown; teamName?: unknown }, { requireTeamName: !oauth });
            const names = user.firstName || user.lastName ? {} : splitName(String(user.name ?? ""));
            const locale = oauth && (oauth.locale === "de" || oauth.locale === "en") ? { locale: oauth.locale } : {};
            // The e-mail route's request rules refused a sign-up without the agreement; the wizard's Google
            // route carries it in the OAuth state. An account made without it is asked at its first sign-in.
            const agreed = oauth ? oauth.legalConsent === true : ctx?.path === LIBRARY_PATH.signUpEmail && ctx.body?.legalConsent === true;
            const consent = agreed ? { legalConsentAt: new Date(), legalConsentVersion: LEGAL_VERSION } : {};
            return { data: { ...user, ...names, ...locale, ...plan, ...consent, normalizedEmail } };
          },
        },
        update: {
          async before(data) {
            return typeof data.email === "string" ? { data: { ...data, normalizedEmail: normalizeEmail(data.email) } } : { data };
          },
        },
      },
      session: {
        create: {
          // A verified pro sign-up's team exists from its first session on (code verification or Google).
          async after(session) {
            await createSignUpTeam({ db, logger, createOrganization: organizationCreator(auth) }, session.userId);
          },
        },
      },
    },
    session: { storeSessionInDatabase: true },
    account: {
      // Connecting Google to a signed-in account (docs/decisions/077): the Google account's address
      // may differ from the account's, and whether a disconnection leaves a way in is our own
      // last-identifier rule (server/identifiers/last-identifier.ts), not the library's.
      accountLinking: { enabled: true, allowDifferentEmails: true, allowUnlinkingAll: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // A reset ends every session of the account (in the same transaction as the new password), then
      // our hook ends every other way in and mails the account (docs/decisions/146-reset-ends-every-session.md).
      revokeSessionsOnPasswordReset: true,
      // A sign-up with the address of an existing account answers exactly like a new one (Better
      // Auth does so because verification is required) and mails the owner a notice instead of a
      // code. Awaited like the code mail of a new sign-up, so both take about as long; a failure is
      // only logged, so the answer does not change (docs/decisions/054-existing-address-sign-up.md).
      async onExistingUserSignUp({ user }) {
        const locale = (user as { locale?: string | null }).locale;
        await sendMail(existingAccountMail({ to: user.email, baseUrl: config.BASE_URL, lang: locale })).catch((error) => {
          logger.error({ err: error }, "existing account notice failed");
        });
      },
      // By an e-mailed code or link: every other way in ends, the account is mailed (docs/decisions/146),
      // and its security log records it (docs/decisions/088).
      async onPasswordReset({ user }, request) {
        await endAccessAfterPasswordReset({ user });
        await recordPasswordReset(securityLog, user.id, request);
      },
    },
    emailVerification: { autoSignInAfterVerification: true },
    plugins: [
      // First, so a request without a solved challenge is refused before anything else reads it.
      botProtectionPlugin({ ...bots, clientIpHeader: CLIENT_IP_HEADER }),
      emailOTP({
        otpLength: 6,
        // Sign-in by code is for existing accounts only (docs/decisions/072).
        disableSignUp: true,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        // Only a hash is stored, so a read of the database does not hand out pending codes.
        storeOTP: "hashed",
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        // Sent at once, not through the outbox: it keeps mails readable, and a code is only of use
        // while the person waits for it (docs/decisions/044-mail-room.md).
        async sendVerificationOTP({ email, otp, type }) {
          const user = await db
            .selectFrom("user")
            .select(["locale", "emailVerified"])
            .where("email", "=", email.toLowerCase())
            .executeTakeFirst();
          // A verified address needs no verification code: sending one would let a sign-up with
          // someone else's address open their account. The answer stays the same as for a new address.
          if (type === "email-verification" && user?.emailVerified) return;
          if (type === "sign-in") {
            // Only to a verified account's address (a code sign-in would verify an address whose
            // password nobody proved, docs/decisions/072), and not awaited: the answer for an
            // address with an account must take as long as for one without.
            if (!user?.emailVerified) return;
            sendMail(verificationCodeMail({ to: email, code: otp, purpose: type, lang: user.locale ?? undefined })).catch((error) => {
              logger.error({ err: error }, "sign-in code mail failed");
            });
            return;
          }
          try {
            await sendMail(verificationCodeMail({ to: email, code: otp, purpose: type, lang: user?.locale ?? undefined }));
          } catch (error) {
            logger.error({ err: error }, "verification code mail failed");
            throw error;
          }
        },
      }),
      organization({
        // The product's roles (admin, member, guest) replace the library's owner/admin/member; sub-teams stay off.
        ac: teamAccess,
        roles: teamRoles,
        creatorRole: "admin",
        invitationExpiresIn: INVITATION_DAYS * 24 * 60 * 60,
        // Only pro users with an active subscription may create teams (answered with 403).
        allowUserToCreateOrganization: (user) => canCreateTeams(db, user.id),
        // The plan's member limit (docs/decisions/067): open invitations hold a seat, so accepting
        // one counts members only; a new invitation needs a free seat.
        membershipLimit: (_user, team) => memberLimitOf(db, config, team.id),
        // Invitations sent through the library's own route (our /api/teams/:id/invitations queues its mails itself).
        sendInvitationEmail: async ({ id }, request) => {
          if (!request) return;
          await queueInvitationMail(db, config, { invitationId: id, lang: requestLanguage(request.headers) });
        },
        organizationHooks: {
          beforeCreateInvitation: async ({ organization: team }) => {
            if ((await seatsUsed(db, team.id)) >= (await memberLimitOf(db, config, team.id))) {
              throw new APIError("FORBIDDEN", {
                code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
                message: "Organization membership limit reached",
              });
            }
          },
        },
      }),
      // Authenticator app (TOTP) and backup codes, asked for after a correct password at sign-in.
      twoFactor({
        issuer: "Recruiting CRM",
        // The security screens ask for the password again before a change (server/auth/reverification.ts);
        // accounts that sign in with Google have none to give.
        allowPasswordless: true,
        // Case-insensitive codes without look-alikes (server/auth/backup-codes.ts).
        backupCodeOptions: { customBackupCodesGenerate: () => newBackupCodes(), storeBackupCodes: backupCodeStore(config.AUTH_SECRET) },
        // Text message codes to the account's verified primary number, for accounts that turned them
        // on (server/phone/sms-two-factor.ts); the plugin keeps only a hash.
        otpOptions: {
          digits: 6,
          period: 5,
          storeOTP: "hashed",
          allowedAttempts: 5,
          sendOTP: ({ user, otp }) => sendSecondStepSms(phone, user.id, otp),
        },
      }),
      // The same second step after every other first factor (e-mailed code or link, Google); kept
      // right after the twoFactor plugin so later plugins never see the session it withdraws.
      secondFactorOnEveryFirstFactor(),
      signInLink({ db, sendMail, logger, baseUrl: config.BASE_URL }),
      // Operators (user role "admin", not a team role) and bans: a banned user gets no session.
      admin({ bannedUserMessage: "This account has been suspended. Please contact support if you think this is a mistake." }),
      // Several accounts signed in in one browser: the user menu's account switcher.
      multiSession({ maximumSessions: 5 }),
      // Sign-in by username where an e-mail address is taken; our rule, not the plugin's (which allows ".").
      // Stored lower-case with a unique index, so usernames are unique whatever their case.
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameValidator: (name) => usernameProblem(name) === null,
      }),
      // Passkeys (docs/decisions/071-passkeys.md): the relying party is the site at BASE_URL, and a
      // passkey must prove its holder (PIN or biometrics) as well, so a passkey sign-in stands for
      // both factors and is not asked for the second step. Registering and removing one need a
      // recently verified session (server/auth/reverification.ts).
      passkey({
        rpID: new URL(config.BASE_URL).hostname,
        rpName: "Recruiting CRM",
        origin: new URL(config.BASE_URL).origin,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        authentication: {
          async afterVerification({ verification, clientData }) {
            if (!verification.authenticationInfo.userVerified) {
              throw APIError.from("UNAUTHORIZED", { code: "AUTHENTICATION_FAILED", message: "Authentication failed" });
            }
            // The passkey list shows when each was last used (our own column, see migration 0020).
            await db.updateTable("passkey").set({ lastUsedAt: new Date() }).where("credentialID", "=", String(clientData.id)).execute();
          },
        },
      }),
      // The billing portal call authenticates with a bearer token as well as the session cookie.
      bearer(),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: "Google",
                  clientId: config.GOOGLE_CLIENT_ID as string,
                  clientSecret: config.GOOGLE_CLIENT_SECRET as string,
                  discoveryUrl: config.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_URL,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  mapProfileToUser: (profile) => ({
                    firstName: typeof profile.given_name === "string" ? profile.given_name : undefined,
                    lastName: typeof profile.family_name === "string" ? profile.family_name : undefined,
                  }),
                },
              ],
            }),
          ]
        : []),
      // Phone sign-in and the text message second step (docs/decisions/074-phone-numbers.md).
      phoneNumbers(phone),
      authProviders({
        google: Boolean(google),
        emailCode: config.SIGN_IN_EMAIL_CODE,
        emailLink: config.SIGN_IN_EMAIL_LINK,
        phone: config.SIGN_IN_PHONE,
      }),
      // Sign-in with a connected Web3 wallet; never creates an account (docs/decisions/078).
      walletSignIn({ db, baseUrl: config.BASE_URL }),
      // Sign-in through a team's identity provider (docs/decisions/096); never asked for our second step.
      ssoSignIn({ db, baseUrl: config.BASE_URL, authSecret: config.AUTH_SECRET, config, sendMail, logger }),
      managedAccounts(db),
      // A sign-out that could not end its session says so (decision 017).
      signOutHolds(db),
      // A 500 the library answers because the database or Redis is away is told apart (503).
      libraryFailures(),
      // The authorization server for the extension and other apps (docs/decisions/089).
      ...oauthPlugins(config, db),
      // Last: a sign-in is one only once every plugin above has let it stand (the second step withdraws it).
      securityEvents(securityLog),
      identityMetrics(events),
    ],
    rateLimit: {
      enabled: config.RATE_LIMIT,
      storage: kv ? "secondary-storage" : "memory",
      window: 60,
      max: 100,
      // Everything else shares the default of 100 a minute per address and path.
      customRules: {
        // Every page load reads the session (from the session cache or one indexed read); a limit here would
        // sign out a busy user or an office behind one address. Reading it unlocks nothing.
        [LIBRARY_PATH.getSession]: false,
        // Per address across accounts; one account at an address has its own, tighter limit (sign-in-limit.ts).
        [LIBRARY_PATH.signInEmail]: SIGN_IN_LIMITS.perAddress,
        [LIBRARY_PATH.signInUsername]: SIGN_IN_LIMITS.perAddress,
        [LIBRARY_PATH.signUpEmail]: { window: 60, max: 5 },
        [LIBRARY_PATH.verifyEmailOTP]: { window: 60, max: 5 },
        [LIBRARY_PATH.sendVerificationOTP]: { window: 60, max: 3 },
        [LIBRARY_PATH.resetPasswordEmailOTP]: { window: 60, max: 5 },
        [LIBRARY_PATH.requestPasswordResetEmailOTP]: { window: 60, max: 3 },
        [LIBRARY_PATH.signInSocial]: { window: 60, max: 10 },
        [LIBRARY_PATH.signInEmailOTP]: { window: 60, max: 5 },
        [OWN_AUTH_PATH.sendSignInLink]: { window: 60, max: 3 },
        [OWN_AUTH_PATH.openSignInLink]: { window: 60, max: 10 },
        [OWN_AUTH_PATH.confirmSignInLink]: { window: 60, max: 5 },
        [OWN_AUTH_PATH.completeSignInLink]: { window: 60, max: 10 },
        // Text messages have their own limits per number and address too (server/sms/sms-limits.ts).
        [OWN_AUTH_PATH.sendPhoneSignInCode]: { window: 60, max: 3 },
        [OWN_AUTH_PATH.signInPhone]: { window: 60, max: 5 },
        [LIBRARY_PATH.sendTwoFactorOTP]: { window: 60, max: 3 },
        [LIBRARY_PATH.verifyTwoFactorOTP]: { window: 60, max: 5 },
        [OWN_AUTH_PATH.walletSignInChallenge]: { window: 60, max: 10 },
        [OWN_AUTH_PATH.walletSignIn]: { window: 60, max: 5 },
      },
    },
    advanced: {
      // Better Auth turns origin checks off under NODE_ENV=test; tests must see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.BASE_URL.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
    logger: {
      log(level, message, ...args) {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

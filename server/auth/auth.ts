import { betterAuth } from "better-auth";
import { getOAuthState } from "better-auth/api";
import { emailOTP, genericOAuth, organization } from "better-auth/plugins";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import type { KeyValueStore } from "../kv.js";
import type { SendMail } from "../mail/send-mail.js";
import { verificationCodeMail } from "./mails.js";
import { authProviders, GOOGLE_DISCOVERY_URL, GOOGLE_PROVIDER_ID } from "./providers.js";
import { createSignUpTeam, PLAN_TYPES, signUpPlan, splitName } from "./sign-up-plan.js";

/** Header our server sets to the resolved client address; any client-sent value is replaced. */
export const CLIENT_IP_HEADER = "x-client-ip";

export interface AuthDeps {
  config: Config;
  db: DB;
  sendMail: SendMail;
  kv?: KeyValueStore;
  logger: Logger;
}

export function createAuth({ config, db, sendMail, kv, logger }: AuthDeps) {
  const google = config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET;
  const auth = betterAuth({
    appName: "Recruiting CRM",
    baseURL: config.BASE_URL,
    basePath: "/api/auth",
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.BASE_URL],
    database: { db, type: "postgres" },
    secondaryStorage: kv,
    telemetry: { enabled: false },
    user: {
      additionalFields: {
        locale: { type: "string", required: false, defaultValue: "en", input: true },
        // --- Sign-up profile and plan (SPEC section 3); the server derives the team fields. ---
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        planType: { type: [...PLAN_TYPES], required: false, defaultValue: "individual", input: true },
        teamName: { type: "string", required: false, input: true },
        createOrganization: { type: "boolean", required: false, defaultValue: false, input: false },
        organizationName: { type: "string", required: false, input: false },
        organizationRole: { type: "string", required: false, input: false },
        // --- end of sign-up fields ---
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            // The Google route carries plan, team name and language through the OAuth state.
            const oauth = ctx?.path?.startsWith("/callback/") || ctx?.path?.startsWith("/oauth2/callback/") ? await getOAuthState() : null;
            const source = oauth ?? user;
            const plan = signUpPlan(source as { planType?: unknown; teamName?: unknown }, { requireTeamName: !oauth });
            const names = user.firstName || user.lastName ? {} : splitName(String(user.name ?? ""));
            const locale = oauth && (oauth.locale === "de" || oauth.locale === "en") ? { locale: oauth.locale } : {};
            return { data: { ...user, ...names, ...locale, ...plan } };
          },
        },
      },
      session: {
        create: {
          // A verified pro sign-up's team exists from its first session on (code verification or Google).
          async after(session) {
            await createSignUpTeam({ db, logger, createOrganization: (body) => auth.api.createOrganization({ body }) }, session.userId);
          },
        },
      },
    },
    session: { storeSessionInDatabase: true },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    emailVerification: { autoSignInAfterVerification: true },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        async sendVerificationOTP({ email, otp, type }) {
          const user = await db.selectFrom("user").select("locale").where("email", "=", email.toLowerCase()).executeTakeFirst();
          try {
            await sendMail(verificationCodeMail({ to: email, code: otp, purpose: type, lang: user?.locale ?? undefined }));
          } catch (error) {
            logger.error({ err: error }, "verification code mail failed");
            throw error;
          }
        },
      }),
      organization({ creatorRole: "admin" }),
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
      authProviders({ google: Boolean(google) }),
    ],
    rateLimit: {
      enabled: config.RATE_LIMIT,
      storage: kv ? "secondary-storage" : "memory",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/email-otp/verify-email": { window: 60, max: 5 },
        "/email-otp/send-verification-otp": { window: 60, max: 3 },
        "/email-otp/reset-password": { window: 60, max: 5 },
        "/email-otp/request-password-reset": { window: 60, max: 3 },
        "/sign-in/social": { window: 60, max: 10 },
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

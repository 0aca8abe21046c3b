import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { Logger } from "pino";
import { API_ROUTES } from "../core/api/routes.js";
import { emailRulesOf } from "./access/email-rules.js";
import { maintenanceSwitch } from "./access/maintenance.js";
import { apiV1Routes } from "./api-v1/routes.js";
import { type Auth, CLIENT_IP_HEADER, trustedOrigins } from "./auth/auth.js";
import { normalizeAuthError } from "./auth/auth-errors.js";
import { unlessUnavailable } from "./auth/library-failures.js";
import { organizationCreator } from "./auth/organizations.js";
import type { PasswordChecker } from "./auth/password-policy.js";
import { translateRateLimit } from "./auth/rate-limited.js";
import { requireRecentVerification, SENSITIVE_AUTH_PATHS } from "./auth/reverification.js";
import { sessionFirst } from "./auth/session.js";
import { signInPerAccount } from "./auth/sign-in-limit.js";
import { signedInHint } from "./auth/signed-in-hint.js";
import type { BillingDeps } from "./billing/billing-service.js";
import type { EventDeps } from "./billing/process-event.js";
import type { BotProtection } from "./bot-protection/bot-protection.js";
import type { Config } from "./config.js";
import { domainOf } from "./contact/submit-contact.js";
import type { DB } from "./db/database.js";
import { samlRoutes } from "./enterprise/saml/routes.js";
import { scimRoutes } from "./enterprise/scim/routes.js";
import { AppError } from "./errors.js";
import { answerCheck } from "./http/answer-check.js";
import { bodyLimit, requestBody } from "./http/body.js";
import { type AppEnv, requestContext } from "./http/context.js";
import { errorResponse } from "./http/errors.js";
import { maintenanceGate } from "./http/maintenance.js";
import { refuseNulCharacters } from "./http/nul-characters.js";
import { type PageOptions, registerPages } from "./http/pages.js";
import { sameOrigin } from "./http/same-origin.js";
import { securityHeaders } from "./http/security-headers.js";
import type { StaticFile } from "./http/static-files.js";
import { identifierRulesOf } from "./identifiers/last-identifier.js";
import { AUTH_BASE_PATH, LIBRARY_PATH, TEAM_AUTH_PATH_PREFIX } from "./identity-paths.js";
import { imageRoutes } from "./images/image-routes.js";
import { hasOwnBodyLimit } from "./images/upload-limit.js";
import type { KeyValueStore } from "./kv.js";
import type { SendMail } from "./mail/transport.js";
import { accessTokenVerifier } from "./oauth/access-tokens.js";
import { withDefaultResource } from "./oauth/default-resource.js";
import { authorizationRefusalPage, oauthRoutes } from "./oauth/routes.js";
import type { LocalProvider } from "./payments/local-provider.js";
import { createPaymentProvider } from "./payments/payment-provider.js";
import type { PhoneDeps } from "./phone/phone-numbers.js";
import type { ReadinessDeps } from "./readiness.js";
import { accountRoutes } from "./routes/account.js";
import { accountSecurityRoutes } from "./routes/account-security.js";
import { apiKeyRoutes } from "./routes/api-keys.js";
import { billingRoutes } from "./routes/billing.js";
import { botProtectionRoutes } from "./routes/bot-protection.js";
import { contactRoutes } from "./routes/contact.js";
import { dataExportRoutes } from "./routes/data-export.js";
import { extensionStoreRoutes } from "./routes/extension-store.js";
import { healthRoutes } from "./routes/health.js";
import { identifierRoutes } from "./routes/identifiers.js";
import { localPaymentRoutes } from "./routes/local-payments.js";
import { localeRoutes } from "./routes/locales.js";
import { oauthAppRoutes } from "./routes/oauth-apps.js";
import { operatorRoutes } from "./routes/operator.js";
import { phoneNumberRoutes } from "./routes/phone-numbers.js";
import { seoRoutes } from "./routes/seo.js";
import { siteConfigRoutes } from "./routes/site-config.js";
import { teamDomainRoutes } from "./routes/team-domains.js";
import { managedAccountRoutes, ssoLookupRoutes, teamSsoRoutes } from "./routes/team-sso.js";
import { teamRoutes } from "./routes/teams.js";
import { waitlistRoutes } from "./routes/waitlist.js";
import { ensureTeam, type TeamDeps } from "./teams/create-team.js";
import { organizationGate } from "./teams/organization-gate.js";
import type { Tracing } from "./tracing/tracing.js";

export interface AppDeps {
  config: Config;
  db: DB;
  auth: Auth;
  logger: Logger;
  /** The prerendered site and its assets, loaded in memory. */
  files: Map<string, StaticFile>;
  /** The translation catalogs, loaded in memory. */
  locales: Map<string, StaticFile>;
  /** Redis-backed shared storage when REDIS_URL is set. */
  kv?: KeyValueStore;
  /** The mail outbox's delivery, woken when a request queues mails. */
  outbox?: { wake(): void };
  /** The job that prepares users' data exports, woken when one is asked for. */
  dataExports?: { wake(): void };
  /** Sends a mail at once (codes); the outbox is for mails that may wait. */
  sendMail: SendMail;
  /** The new-password rule with its breach checks, shared with Better Auth's routes. */
  passwords: PasswordChecker;
  /** Phone numbers: text messages and their limits, shared with the identity plugin's routes. */
  phone: PhoneDeps;
  /** Proof of work against bots, the same instance as the identity plugin's (one replay store). */
  bots: BotProtection;
  /** What readiness asks besides the database: Redis, and whether the process is stopping. */
  readiness: Omit<ReadinessDeps, "db">;
  /** Traces, when on (decision 015). */
  tracing?: Tracing;
}

/** How this deployment serves its pages (the app's page routes and the server's direct answers). */
export function pageOptions(config: Config, files: Map<string, StaticFile>): PageOptions {
  return { files, analytics: Boolean(config.GA_MEASUREMENT_ID), https: config.BASE_URL.startsWith("https://") };
}

/** The whole HTTP surface; thin routes over domain modules. */
export function createApp(deps: AppDeps) {
  const { config, db, auth, logger } = deps;
  const app = new Hono<AppEnv>();
  const provider = createPaymentProvider(config, db);
  const teams: TeamDeps = { db, createOrganization: organizationCreator(auth) };
  const billing: BillingDeps = { db, provider, baseUrl: config.BASE_URL };
  const events: EventDeps = { db, provider, logger, ensureTeam: (userId, name) => ensureTeam(teams, userId, name) };

  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(requestContext({ logger, trustedIpHeader: config.TRUSTED_IP_HEADER, tracing: deps.tracing }));
  app.use(securityHeaders({ https: config.BASE_URL.startsWith("https://") }));
  // Where tests run the server, every described answer is held to its schema (decision 144).
  if (config.NODE_ENV === "test") app.use("/api/*", answerCheck(API_ROUTES));
  // The contact form is answered before the account middleware below, none of which applies to it: it
  // is public, stays open during maintenance, sets no session cookie and has a body limit of its own.
  // It is the path a campaign's burst takes (docs/decisions/139).
  app.route("/", contactRoutes({ ...deps, botCheck: deps.bots.check, trustedOrigins: trustedOrigins(config) }));
  const maintenance = maintenanceSwitch({ db, forced: config.MAINTENANCE, logger });
  // The public API takes bearer credentials only, never the session cookie, and answers problem
  // documents: none of the account middleware below applies to it (docs/decisions/093).
  app.route("/", apiV1Routes({ config, db, kv: deps.kv, maintenance, verifyAccessToken: accessTokenVerifier({ db, config }) }));
  // Provisioning from teams' directories: the team's bearer token only, SCIM's own error documents (docs/decisions/100).
  app.route("/", scimRoutes({ db, auth, baseUrl: config.BASE_URL, secret: config.AUTH_SECRET, config, maintenance }));
  // SAML 2.0 connections' metadata and ACS: the provider posts from its own site, without our cookies (docs/decisions/102).
  app.route("/", samlRoutes({ db, baseUrl: config.BASE_URL, maintenance }));
  // Outermost on the API: every answer that sets or clears the session cookie sets or clears the hint too.
  app.use("/api/*", signedInHint({ secure: config.BASE_URL.startsWith("https://") }));
  // Maintenance answers before anything reads a session or a body.
  app.use("/api/*", maintenanceGate(maintenance));
  // A visitor without a session gets 401 before any of the body checks below read the body.
  app.use("/api/*", sessionFirst({ auth, trustedOrigins: trustedOrigins(config) }));
  const apiBodyLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new AppError("payloadTooLarge");
    },
  });
  // Image uploads have a limit of their own (server/images/upload-limit.ts).
  app.use("/api/*", (c, next) => (hasOwnBodyLimit(c) ? next() : apiBodyLimit(c, next)));

  const isWebhook = (path: string) => path.startsWith("/api/webhooks/");
  // Better Auth checks origins of /api/auth/* itself; webhooks come from the payment provider, signed.
  app.use(
    "/api/*",
    sameOrigin({ trustedOrigins: trustedOrigins(config), exempt: (path) => path.startsWith(`${AUTH_BASE_PATH}/`) || isWebhook(path) }),
  );
  app.use("/api/*", refuseNulCharacters({ exempt: isWebhook }));

  // The library's team routes: membership and permission of the named team before the library reads anything.
  app.use(`${AUTH_BASE_PATH}${TEAM_AUTH_PATH_PREFIX}*`, organizationGate(db));
  // Changes to how an account is protected need a recently verified session, on Better Auth's routes too.
  const recentlyVerified = requireRecentVerification({ auth, db });
  for (const path of SENSITIVE_AUTH_PATHS) app.on(["GET", "POST"], `${AUTH_BASE_PATH}${path}`, recentlyVerified);

  // Password sign-ins: at most a few for one account from one address (docs/decisions/151).
  const perAccount = signInPerAccount({ enabled: config.RATE_LIMIT, kv: deps.kv });
  for (const path of [LIBRARY_PATH.signInEmail, LIBRARY_PATH.signInUsername]) app.post(`${AUTH_BASE_PATH}${path}`, perAccount);

  // An authorization the library cannot send back to the app (a disabled or unknown app, a wrong
  // redirect address) lands on our consent page in the visitor's language instead of the library's page.
  app.get(`${AUTH_BASE_PATH}${LIBRARY_PATH.error}`, authorizationRefusalPage);
  const tokenPath = `${AUTH_BASE_PATH}${LIBRARY_PATH.oauth2Token}`;
  const defaultResource = withDefaultResource(config);
  app.on(["GET", "POST"], `${AUTH_BASE_PATH}/*`, async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
    const body = hasBody ? await requestBody(c) : undefined;
    if (body && c.req.path === tokenPath) headers.delete("content-length");
    const request = new Request(c.req.raw.url, {
      method: c.req.method,
      headers,
      body: body && c.req.path === tokenPath ? defaultResource(c.req.header("content-type"), body) : body,
      signal: c.req.raw.signal,
    });
    return normalizeAuthError(c, translateRateLimit(c, await unlessUnavailable(() => auth.handler(request))));
  });

  app.route("/", healthRoutes(deps.db, deps.readiness));
  app.route("/", seoRoutes(config.BASE_URL));
  app.route("/", extensionStoreRoutes(config.EXTENSION_STORE_URL));
  app.route("/", oauthRoutes(auth));
  app.route("/", localeRoutes(deps.locales));
  app.route(
    "/",
    siteConfigRoutes({ gaMeasurementId: config.GA_MEASUREMENT_ID, signUpMode: config.SIGNUP_MODE, botProtection: config.BOT_PROTECTION }),
  );
  app.route("/", botProtectionRoutes({ check: deps.bots.check, rateLimited: config.RATE_LIMIT, kv: deps.kv }));
  app.route("/", waitlistRoutes(deps));
  app.route("/", billingRoutes({ auth, billing, events }));
  app.route("/", teamRoutes({ auth, teams, provider, config, outbox: deps.outbox }));
  app.route("/", teamDomainRoutes({ auth, db, config, rules: emailRulesOf(config), sendMail: deps.sendMail }));
  app.route(
    "/",
    teamSsoRoutes({
      auth,
      db,
      baseUrl: config.BASE_URL,
      authSecret: config.AUTH_SECRET,
      mailDomain: domainOf(config.MAIL_FROM),
      outbox: deps.outbox,
    }),
  );
  app.route("/", ssoLookupRoutes(db));
  app.route("/", managedAccountRoutes({ auth, db }));
  app.route("/", accountRoutes({ auth, db, secret: config.AUTH_SECRET }));
  app.route("/", apiKeyRoutes({ auth, db, secret: config.AUTH_SECRET }));
  app.route("/", oauthAppRoutes({ auth, db, secret: config.AUTH_SECRET }));
  app.route("/", dataExportRoutes({ auth, db, dataExports: deps.dataExports }));
  app.route(
    "/",
    accountSecurityRoutes({
      auth,
      db,
      secret: config.AUTH_SECRET,
      sendMail: deps.sendMail,
      passwords: deps.passwords,
      config,
      kv: deps.kv,
      outbox: deps.outbox,
    }),
  );
  app.route("/", phoneNumberRoutes({ auth, db, secret: config.AUTH_SECRET, phone: deps.phone }));
  app.route(
    "/",
    identifierRoutes({
      auth,
      db,
      secret: config.AUTH_SECRET,
      sendMail: deps.sendMail,
      rules: emailRulesOf(config),
      baseUrl: config.BASE_URL,
      providers: config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET ? ["google"] : [],
      rateLimited: config.RATE_LIMIT,
      kv: deps.kv,
      identifierRules: identifierRulesOf(config),
    }),
  );
  app.route("/", imageRoutes(db));
  app.route(
    "/",
    operatorRoutes({
      auth,
      db,
      secret: config.AUTH_SECRET,
      baseUrl: config.BASE_URL,
      quotas: config,
      outbox: deps.outbox,
      dataExports: deps.dataExports,
      // Test-mode keys see the test half of Stripe's dashboard.
      stripeDashboard:
        provider.kind === "stripe"
          ? `https://dashboard.stripe.com/${config.STRIPE_SECRET_KEY?.startsWith("sk_test_") ? "test/" : ""}subscriptions/{id}`
          : null,
    }),
  );
  if (provider.kind === "local") {
    app.route("/", localPaymentRoutes({ auth, local: provider as LocalProvider, events, trustedOrigins: trustedOrigins(config) }));
  }
  app.all("/api/*", () => {
    throw new AppError("notFound");
  });
  registerPages(app, pageOptions(config, deps.files));

  app.onError(errorResponse);

  return app;
}

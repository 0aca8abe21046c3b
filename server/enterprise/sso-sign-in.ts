import { randomBytes, randomUUID } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { Logger } from "pino";
import { z } from "zod";
import { ssoLinkBody, ssoLinkRef, ssoStartBody } from "../../core/api/sso.js";
import { isWireCode, type WireCode } from "../../core/error-codes.js";
import { isLanguage, type Language } from "../../core/languages.js";
import { splitName } from "../../core/names.js";
import { normalizeEmail } from "../access/email-rules.js";
import { issueCode, requireCode, withdrawCode } from "../codes/one-time-codes.js";
import type { DB } from "../db/database.js";
import { AppError, ERRORS, type ErrorCode } from "../errors.js";
import { requestLanguage } from "../i18n.js";
import { ownerOfFurtherAddress } from "../identifiers/email-addresses.js";
import { OWN_AUTH_PATH } from "../identity-paths.js";
import { libraryError } from "../library-error.js";
import { ssoLinkCodeMail } from "../mail/templates/sso-link-code.js";
import type { SendMail } from "../mail/transport.js";
import { assertSeatFree, type QuotaConfig } from "../teams/roster.js";
import { oidcTestOutcome, recordTestOutcome, type TestOutcome, testOf } from "./connection-test.js";
import { connectionDomainsOf, connectionForAddress, connectionForTeamSlug, oidcRedirectUrl } from "./connections.js";
import { authorizationUrl, exchangeCode, newAuthorization, type OidcIdentity, type OidcMetadata, OidcRefusal } from "./oidc-client.js";
import type { SamlIdentity } from "./saml/service-provider.js";
import { assertActiveInDirectory, madeByTeamDirectory } from "./scim/deprovision.js";
import { openSecret } from "./secret-box.js";

export interface SsoSignInDeps {
  db: DB;
  baseUrl: string;
  authSecret: string;
  config: QuotaConfig;
  sendMail: SendMail;
  logger: Logger;
}

/** How long a sign-in at the provider, and a pending link, may take. */
const ATTEMPT_MINUTES = 10;
/** The browser cookie that ties the provider's return to the browser that started the sign-in. */
const STATE_COOKIE = "sso_state";
/** The provider's account ids are kept in the identity library's `account` table under this provider. */
export const ssoProviderId = (connectionId: string) => `sso:${connectionId}`;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** Why a sign-in failed, as the error page names it (a wire code; never the library's or the provider's text). */
class SsoFailure extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
  }
}

async function openConnection(db: DB, connectionId: string) {
  return db
    .selectFrom("sso_connection")
    .innerJoin("organization", "organization.id", "sso_connection.organization_id")
    .select([
      "sso_connection.id",
      "sso_connection.kind",
      "sso_connection.organization_id",
      "sso_connection.default_role",
      "sso_connection.provisioning",
      "sso_connection.oidc_client_id",
      "sso_connection.oidc_client_secret",
      "sso_connection.oidc_metadata",
      "sso_connection.saml_metadata",
      "organization.name as team_name",
    ])
    .where("sso_connection.id", "=", connectionId)
    .where("sso_connection.state", "in", ["active", "enforced"])
    .where("sso_connection.disabled_at", "is", null)
    .executeTakeFirst();
}
type OpenConnection = NonNullable<Awaited<ReturnType<typeof openConnection>>>;

const metadataOf = (connection: OpenConnection) =>
  (typeof connection.oidc_metadata === "string" ? JSON.parse(connection.oidc_metadata) : connection.oidc_metadata) as OidcMetadata;

/** Makes the person a member of the connection's team with its default role, unless they are one. */
async function joinTeam(deps: SsoSignInDeps, connection: OpenConnection, userId: string): Promise<void> {
  // A person the team's directory deactivated does not come back in by signing in (docs/decisions/100).
  await assertActiveInDirectory(deps.db, connection.organization_id, userId);
  const member = await deps.db
    .selectFrom("member")
    .select("id")
    .where("organizationId", "=", connection.organization_id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (member) return;
  await assertSeatFree(deps.db, deps.config, connection.organization_id);
  await deps.db
    .insertInto("member")
    .values({ id: randomUUID(), organizationId: connection.organization_id, userId, role: connection.default_role, createdAt: new Date() })
    .execute();
}

/**
 * Signing in through a team's identity provider (docs/decisions/096, 098). The sign-in's state,
 * PKCE verifier and nonce are kept in the database, so the provider's return may reach another
 * instance; a cookie ties the return to the browser that started it. The session is made by the
 * identity library, so its hooks (bans, the account switcher, the security log) apply as to any
 * sign-in; the second step of our own two-step verification is not asked: it is the provider's.
 */
export function ssoSignIn(deps: SsoSignInDeps) {
  const { db } = deps;
  const redirectUri = oidcRedirectUrl(deps.baseUrl);
  const languageOf = (asked: string | undefined, headers: Headers | undefined): Language =>
    asked && isLanguage(asked) ? asked : headers ? requestLanguage(headers) : "en";
  const errorPage = (lang: string, code: WireCode) => `/${lang}/sign-in/sso?error=${code}`;

  /** The account of a returning identity, a new one (provisioning), or a link to confirm. */
  async function resolveAccount(
    connection: OpenConnection,
    identity: OidcIdentity | SamlIdentity,
    lang: Language,
    internal: {
      findAccount(accountId: string, providerId: string): Promise<{ userId: string } | null>;
      createUser(data: Record<string, unknown>): Promise<{ id: string }>;
      linkAccount(data: { userId: string; providerId: string; accountId: string }): Promise<unknown>;
    },
  ): Promise<{ userId: string } | { link: string }> {
    const providerId = ssoProviderId(connection.id);
    const known = await internal.findAccount(identity.subject, providerId);
    if (known) return { userId: known.userId };
    const domain = identity.email.slice(identity.email.lastIndexOf("@") + 1);
    if (!(await connectionDomainsOf(db, connection.id)).includes(domain)) throw new SsoFailure("ssoEmailDomain");
    const existing =
      (await db.selectFrom("user").select("id").where("normalizedEmail", "=", normalizeEmail(identity.email)).executeTakeFirst())?.id ??
      (await ownerOfFurtherAddress(db, identity.email))?.userId;
    if (existing && (await madeByTeamDirectory(db, connection.organization_id, existing))) {
      // The team's directory made the account: it is the team's, there is no one else to ask (docs/decisions/101).
      await internal.linkAccount({ userId: existing, providerId, accountId: identity.subject });
      return { userId: existing };
    }
    if (existing) {
      // An account with this address exists: its owner confirms the link (no silent takeover).
      const link = randomBytes(24).toString("base64url");
      await db
        .insertInto("sso_attempt")
        .values({
          id: link,
          connection_id: connection.id,
          lang,
          user_id: existing,
          subject: identity.subject,
          email: identity.email,
          expires_at: inMinutes(ATTEMPT_MINUTES),
        })
        .execute();
      return { link };
    }
    if (!connection.provisioning) throw new SsoFailure("ssoUnknownUser");
    await assertSeatFree(db, deps.config, connection.organization_id);
    const names =
      identity.givenName || identity.familyName
        ? { firstName: identity.givenName ?? "", lastName: identity.familyName ?? "" }
        : splitName(identity.name);
    const user = await internal.createUser({ email: identity.email, emailVerified: true, name: identity.name, locale: lang, ...names });
    await internal.linkAccount({ userId: user.id, providerId, accountId: identity.subject });
    return { userId: user.id };
  }

  return {
    id: "sso-sign-in",
    endpoints: {
      ssoStart: createAuthEndpoint(OWN_AUTH_PATH.ssoStart, { method: "POST", body: ssoStartBody }, async (ctx) => {
        const email = ctx.body.email?.trim().toLowerCase();
        const found = email
          ? await connectionForAddress(db, email)
          : ctx.body.slug
            ? await connectionForTeamSlug(db, ctx.body.slug)
            : undefined;
        const connection = found ? await openConnection(db, found.id) : undefined;
        if (!connection) throw libraryError(new AppError("ssoNoConnection"));
        const { state, codeVerifier, nonce } = newAuthorization();
        // SAML 2.0: an AuthnRequest whose ID the answer must name, the attempt travelling as RelayState (docs/decisions/102).
        const saml =
          connection.kind === "saml"
            ? (await import("./saml/service-provider.js")).authnRequestUrl(
                deps.baseUrl,
                connection.id,
                connection.saml_metadata ?? "",
                state,
              )
            : null;
        if (connection.kind === "saml" && !saml) throw libraryError(new AppError("ssoFailed"));
        await db.deleteFrom("sso_attempt").where("expires_at", "<", new Date()).execute();
        await db
          .insertInto("sso_attempt")
          .values({
            id: state,
            connection_id: connection.id,
            lang: languageOf(ctx.body.lang, ctx.headers),
            code_verifier: saml ? null : codeVerifier,
            nonce: saml ? null : nonce,
            saml_request_id: saml?.requestId ?? null,
            expires_at: inMinutes(ATTEMPT_MINUTES),
          })
          .execute();
        const cookie = ctx.context.createAuthCookie(STATE_COOKIE, { maxAge: ATTEMPT_MINUTES * 60 });
        await ctx.setSignedCookie(cookie.name, state, ctx.context.secret, cookie.attributes);
        const url =
          saml?.url ??
          authorizationUrl(metadataOf(connection), {
            clientId: connection.oidc_client_id ?? "",
            redirectUri,
            state,
            codeVerifier,
            nonce,
            loginHint: email,
          });
        return ctx.json({ url });
      }),

      ssoCallback: createAuthEndpoint(
        OWN_AUTH_PATH.ssoCallback,
        {
          method: "GET",
          query: z.object({
            state: z.string().max(200).optional(),
            code: z.string().max(2000).optional(),
            error: z.string().max(200).optional(),
          }),
        },
        async (ctx) => {
          const state = ctx.query.state ?? "";
          const attempt = state
            ? await db
                .deleteFrom("sso_attempt")
                .where("id", "=", state)
                .where("code_verifier", "is not", null)
                .returningAll()
                .executeTakeFirst()
            : undefined;
          const lang = attempt && isLanguage(attempt.lang) ? attempt.lang : languageOf(undefined, ctx.headers);
          const cookie = ctx.context.createAuthCookie(STATE_COOKIE);
          const ownBrowser = (await ctx.getSignedCookie(cookie.name, ctx.context.secret)) === state;
          ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
          // A team admin's test of the connection signs nobody in: it records what the provider sent.
          const test = attempt ? await testOf(db, attempt.id) : undefined;
          if (attempt && test) {
            const browserUserId = (await getSessionFromCtx(ctx))?.user.id;
            throw ctx.redirect(
              await recordTestOutcome(db, test, { lang, browserUserId, outcome: oidcTestOutcome(deps, attempt, ctx.query) }),
            );
          }
          let destination: string;
          try {
            if (!attempt || !ownBrowser || new Date(attempt.expires_at) < new Date()) throw new SsoFailure("ssoAttemptInvalid");
            if (ctx.query.error) throw new SsoFailure("ssoDenied");
            const connection = await openConnection(db, attempt.connection_id);
            if (!connection) throw new SsoFailure("ssoNoConnection");
            const secret = connection.oidc_client_secret ? openSecret(deps.authSecret, connection.oidc_client_secret) : null;
            if (!secret || !ctx.query.code) throw new SsoFailure("ssoFailed");
            const identity = await exchangeCode(metadataOf(connection), {
              clientId: connection.oidc_client_id ?? "",
              clientSecret: secret,
              redirectUri,
              code: ctx.query.code,
              codeVerifier: attempt.code_verifier ?? "",
              nonce: attempt.nonce ?? "",
            }).catch((error) => {
              if (error instanceof OidcRefusal) throw new SsoFailure(error.reason === "token" ? "ssoTokenInvalid" : "ssoFailed");
              throw error;
            });
            destination = await finishSignIn(ctx, connection, identity, lang, "sso-oidc");
          } catch (error) {
            destination = errorPage(lang, failureCode(error, deps.logger));
          }
          throw ctx.redirect(destination);
        },
      ),

      // SAML 2.0: our ACS has verified the provider's answer and kept the person it names; the
      // browser that started the sign-in (its state cookie, sent on this same-site GET) completes it.
      ssoSamlFinish: createAuthEndpoint(
        OWN_AUTH_PATH.ssoSamlFinish,
        { method: "GET", query: z.object({ state: z.string().max(200).optional() }) },
        async (ctx) => {
          const state = ctx.query.state ?? "";
          const attempt = state
            ? await db
                .deleteFrom("sso_attempt")
                .where("id", "=", state)
                .where("saml_request_id", "is not", null)
                .where("saml_identity", "is not", null)
                .returningAll()
                .executeTakeFirst()
            : undefined;
          const lang = attempt && isLanguage(attempt.lang) ? attempt.lang : languageOf(undefined, ctx.headers);
          const cookie = ctx.context.createAuthCookie(STATE_COOKIE);
          const ownBrowser = (await ctx.getSignedCookie(cookie.name, ctx.context.secret)) === state;
          ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
          const kept: unknown = typeof attempt?.saml_identity === "string" ? JSON.parse(attempt.saml_identity) : attempt?.saml_identity;
          // A test: the ACS kept what the provider's answer said; the admin's browser records it.
          const test = attempt ? await testOf(db, attempt.id) : undefined;
          if (attempt && test) {
            const browserUserId = (await getSessionFromCtx(ctx))?.user.id;
            const outcome = async () => (kept as { test: TestOutcome }).test;
            throw ctx.redirect(await recordTestOutcome(db, test, { lang, browserUserId, outcome }));
          }
          let destination: string;
          try {
            if (!attempt || !ownBrowser || new Date(attempt.expires_at) < new Date()) throw new SsoFailure("ssoAttemptInvalid");
            const connection = await openConnection(db, attempt.connection_id);
            if (connection?.kind !== "saml") throw new SsoFailure("ssoNoConnection");
            const identity = kept as SamlIdentity;
            destination = await finishSignIn(ctx, connection, identity, lang, "sso-saml");
          } catch (error) {
            destination = errorPage(lang, failureCode(error, deps.logger));
          }
          throw ctx.redirect(destination);
        },
      ),

      ssoLinkView: createAuthEndpoint(OWN_AUTH_PATH.ssoLinkView, { method: "POST", body: ssoLinkRef }, async (ctx) => {
        const pending = await pendingLink(ctx.body.link);
        const hasPassword = (await ctx.context.internalAdapter.findAccounts(pending.user_id)).some((a) => a.providerId === "credential");
        return ctx.json({ email: pending.user_email, team: pending.team_name, hasPassword });
      }),

      ssoLinkCode: createAuthEndpoint(OWN_AUTH_PATH.ssoLinkCode, { method: "POST", body: ssoLinkRef }, async (ctx) => {
        const pending = await pendingLink(ctx.body.link);
        const code = await issueCode(
          db,
          { purpose: "sso_link", subject: pending.id },
          { minutes: ATTEMPT_MINUTES, userId: pending.user_id },
        );
        await deps.sendMail(
          ssoLinkCodeMail({ to: pending.user_email, code, teamName: pending.team_name, minutes: ATTEMPT_MINUTES, lang: pending.lang }),
        );
        return ctx.json({ ok: true as const });
      }),

      ssoLink: createAuthEndpoint(OWN_AUTH_PATH.ssoLink, { method: "POST", body: ssoLinkBody }, async (ctx) => {
        const pending = await pendingLink(ctx.body.link);
        if (ctx.body.password !== undefined) {
          const credential = (await ctx.context.internalAdapter.findAccounts(pending.user_id)).find((a) => a.providerId === "credential");
          const right = credential?.password
            ? await ctx.context.password.verify({ hash: credential.password, password: ctx.body.password })
            : false;
          if (!right) throw libraryError(new AppError("ssoLinkPasswordIncorrect"));
        } else {
          await requireCode(db, { purpose: "sso_link", subject: pending.id }, (ctx.body.code ?? "").trim(), "ssoLinkCodeIncorrect").catch(
            (error) => {
              throw error instanceof AppError ? libraryError(error) : error;
            },
          );
        }
        const connection = await openConnection(db, pending.connection_id);
        if (!connection) throw libraryError(new AppError("ssoNoConnection"));
        await db.deleteFrom("sso_attempt").where("id", "=", pending.id).execute();
        await withdrawCode(db, { purpose: "sso_link", subject: pending.id });
        await ctx.context.internalAdapter.linkAccount({
          userId: pending.user_id,
          providerId: ssoProviderId(connection.id),
          accountId: pending.subject ?? "",
        });
        await joinTeam(deps, connection, pending.user_id).catch((error) => {
          throw error instanceof AppError ? libraryError(error) : error;
        });
        const { session, user } = await signIn(ctx, pending.user_id, connection.id);
        return ctx.json({ token: session.token, user: { id: user.id, email: user.email } });
      }),
    },
  } satisfies BetterAuthPlugin;

  /** A link waiting for its account's owner, with the account's address and the team's name. */
  async function pendingLink(link: string) {
    const row = await db
      .selectFrom("sso_attempt")
      .innerJoin("user", "user.id", "sso_attempt.user_id")
      .innerJoin("sso_connection", "sso_connection.id", "sso_attempt.connection_id")
      .innerJoin("organization", "organization.id", "sso_connection.organization_id")
      .select([
        "sso_attempt.id",
        "sso_attempt.connection_id",
        "sso_attempt.user_id",
        "sso_attempt.subject",
        "sso_attempt.lang",
        "user.email as user_email",
        "organization.name as team_name",
      ])
      .where("sso_attempt.id", "=", link)
      .where("sso_attempt.code_verifier", "is", null)
      .where("sso_attempt.expires_at", ">", new Date())
      .executeTakeFirst();
    if (!row?.user_id) throw libraryError(new AppError("ssoAttemptInvalid"));
    return { ...row, user_id: row.user_id };
  }

  /**
   * The end of a verified sign-in, the same for both kinds: the person's account (known, made now, or a
   * link to confirm first), the team's membership and the session; answers where the browser goes.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the endpoint context of the identity library
  async function finishSignIn(ctx: any, connection: OpenConnection, identity: OidcIdentity | SamlIdentity, lang: Language, method: string) {
    const internal = ctx.context.internalAdapter;
    const resolved = await resolveAccount(connection, identity, lang, {
      findAccount: (accountId, providerId) => internal.findAccountByKey({ accountId, providerId }),
      createUser: (data) => internal.createUser(data as never, { method, sso: { providerId: ssoProviderId(connection.id) } }),
      linkAccount: (data) => internal.linkAccount(data),
    });
    if ("link" in resolved) return `/${lang}/sign-in/sso?link=${resolved.link}`;
    await joinTeam(deps, connection, resolved.userId);
    await signIn(ctx, resolved.userId, connection.id);
    return `/${lang}/dashboard`;
  }

  /** The library's session for the user, marked as the connection's, with its cookie; the connection's last use is noted. */
  // biome-ignore lint/suspicious/noExplicitAny: the endpoint context of the identity library
  async function signIn(ctx: any, userId: string, connectionId: string) {
    const user = await ctx.context.internalAdapter.findUserById(userId);
    if (!user) throw new SsoFailure("ssoFailed");
    const session = await ctx.context.internalAdapter.createSession(userId);
    if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { code: "FAILED_TO_CREATE_SESSION", message: "Failed to create session" });
    // Enforcing the connection later ends the person's other sessions, not this one (docs/decisions/103).
    await db.updateTable("session").set({ ssoConnectionId: connectionId }).where("id", "=", session.id).execute();
    await setSessionCookie(ctx, { session, user });
    ctx.context.setNewSession({ session, user });
    await db.updateTable("sso_connection").set({ last_used_at: new Date() }).where("id", "=", connectionId).execute();
    return { session, user };
  }
}

/** The error page's code for a failure: ours, a refusal of the library's hooks (a ban, an address rule), or `sso_failed`. */
function failureCode(error: unknown, logger: Logger): WireCode {
  if (error instanceof SsoFailure) return ERRORS[error.code].code;
  if (error instanceof AppError) return ERRORS[error.code].code;
  if (error instanceof APIError) {
    const code = String((error.body as { code?: unknown } | undefined)?.code ?? "").toLowerCase();
    if (isWireCode(code)) return code;
  }
  logger.error({ err: error }, "enterprise sign-in failed");
  return "sso_failed";
}

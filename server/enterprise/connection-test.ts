import type { Logger } from "pino";
import type { SSO_TEST_PROBLEMS } from "../../core/api/sso.js";
import type { SsoTestResult } from "../../core/api.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { type AdminChange, oidcRedirectUrl } from "./connections.js";
import {
  authorizationUrl,
  exchangeCodeForClaims,
  newAuthorization,
  type OidcClaims,
  type OidcMetadata,
  OidcRefusal,
} from "./oidc-client.js";
import { openSecret } from "./secret-box.js";

/**
 * Testing a connection (docs/decisions/103): a team admin signs in at the connection's provider in a
 * new tab, and the provider's return signs nobody in and creates nothing: it records the claims it
 * received (or why it failed) for the result page. A test is a sign-in attempt (`sso_attempt`) that a
 * row of `sso_test` with the same id marks as a test; whichever return reads the attempt (the
 * OpenID Connect callback, a SAML assertion consumer) asks `testOf` and hands a test to its finish.
 */

type Problem = (typeof SSO_TEST_PROBLEMS)[number];

/** How long a test may take at the provider, and how long its result is kept. */
const TEST_MINUTES = 10;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** What a finished test recorded. */
export type TestOutcome = { claims: SsoTestResult["claims"]; problem: Problem | null };
type Outcome = TestOutcome;

export interface ConnectionTestDeps {
  db: DB;
  baseUrl: string;
  authSecret: string;
}

/** A test under way or finished, as its row keeps it. */
export interface ConnectionTest {
  id: string;
  organization_id: string;
  connection_id: string;
  user_id: string;
}

/**
 * Starts a test of one of the team's connections, in any state (a draft is tested before it is
 * opened): the attempt and its test mark, and the provider's address for the admin's new tab.
 */
export async function startConnectionTest(
  deps: ConnectionTestDeps,
  change: AdminChange,
  input: { connectionId: string; lang: string },
): Promise<{ url: string }> {
  const { db } = deps;
  // The admin whose browser the test's return must come back to.
  const adminId = change.actor.id;
  if (!adminId) throw new AppError("unauthorized");
  const connection = await db
    .selectFrom("sso_connection")
    .select(["id", "kind", "oidc_client_id", "oidc_metadata", "saml_metadata"])
    .where("id", "=", input.connectionId)
    .where("organization_id", "=", change.organizationId)
    .executeTakeFirst();
  if (!connection) throw new AppError("ssoConnectionNotFound");
  const now = new Date();
  await db.deleteFrom("sso_test").where("expires_at", "<", now).execute();
  await db.deleteFrom("sso_attempt").where("expires_at", "<", now).execute();
  const { state, codeVerifier, nonce } = newAuthorization();
  // Each kind starts its own sign-in at the provider: SAML with an AuthnRequest whose ID the answer names.
  const saml =
    connection.kind === "saml"
      ? (await import("./saml/service-provider.js")).authnRequestUrl(deps.baseUrl, connection.id, connection.saml_metadata ?? "", state)
      : null;
  if (connection.kind === "saml" && !saml) throw new AppError("ssoInvalidConnection");
  const expiresAt = inMinutes(TEST_MINUTES);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("sso_attempt")
      .values({
        id: state,
        connection_id: connection.id,
        lang: input.lang,
        code_verifier: saml ? null : codeVerifier,
        nonce: saml ? null : nonce,
        saml_request_id: saml?.requestId ?? null,
        expires_at: expiresAt,
      })
      .execute();
    await trx
      .insertInto("sso_test")
      .values({
        id: state,
        organization_id: change.organizationId,
        connection_id: connection.id,
        user_id: adminId,
        expires_at: expiresAt,
      })
      .execute();
  });
  if (saml) return { url: saml.url };
  const url = authorizationUrl(metadataOf(connection.oidc_metadata), {
    clientId: connection.oidc_client_id ?? "",
    redirectUri: oidcRedirectUrl(deps.baseUrl),
    state,
    codeVerifier,
    nonce,
  });
  return { url };
}

const metadataOf = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as OidcMetadata;

/** The test an attempt is, if it is one. */
export async function testOf(db: DB, attemptId: string): Promise<ConnectionTest | undefined> {
  return db
    .selectFrom("sso_test")
    .select(["id", "organization_id", "connection_id", "user_id"])
    .where("id", "=", attemptId)
    .executeTakeFirst();
}

/**
 * Records a test's outcome and answers the result page's address. A return in another browser than
 * the admin's who started the test (no session of theirs) records nothing but `expired`.
 */
export async function recordTestOutcome(
  db: DB,
  test: ConnectionTest,
  input: { lang: string; browserUserId: string | undefined; outcome: () => Promise<Outcome> },
): Promise<string> {
  const outcome: Outcome = input.browserUserId === test.user_id ? await input.outcome() : { claims: null, problem: "expired" };
  await db
    .updateTable("sso_test")
    .set({ outcome: JSON.stringify(outcome), expires_at: inMinutes(TEST_MINUTES) })
    .where("id", "=", test.id)
    .execute();
  return `/${input.lang}/teams/${test.organization_id}/sso/test?id=${encodeURIComponent(test.id)}`;
}

/**
 * The OpenID Connect return of a test: the code exchanged and the id token checked as at a sign-in,
 * then its claims, and whether a sign-in with them would pass (a verified address at one of the
 * connection's domains). The attempt has been used up by the return that read it.
 */
export function oidcTestOutcome(
  deps: ConnectionTestDeps & { logger: Logger },
  attempt: { connection_id: string; code_verifier: string | null; nonce: string | null; expires_at: Date | string },
  query: { code?: string; error?: string },
): () => Promise<Outcome> {
  return async () => {
    const failed = (problem: Problem): Outcome => ({ claims: null, problem });
    if (new Date(attempt.expires_at) < new Date()) return failed("expired");
    if (query.error) return failed("denied");
    const connection = await deps.db
      .selectFrom("sso_connection")
      .select(["oidc_client_id", "oidc_client_secret", "oidc_metadata"])
      .where("id", "=", attempt.connection_id)
      .executeTakeFirst();
    const secret = connection?.oidc_client_secret ? openSecret(deps.authSecret, connection.oidc_client_secret) : null;
    if (!connection || !secret || !query.code) return failed("failed");
    let claims: OidcClaims;
    try {
      claims = await exchangeCodeForClaims(metadataOf(connection.oidc_metadata), {
        clientId: connection.oidc_client_id ?? "",
        clientSecret: secret,
        redirectUri: oidcRedirectUrl(deps.baseUrl),
        code: query.code,
        codeVerifier: attempt.code_verifier ?? "",
        nonce: attempt.nonce ?? "",
      });
    } catch (error) {
      if (error instanceof OidcRefusal) return failed(error.reason);
      deps.logger.error({ err: error }, "enterprise connection test failed");
      return failed("failed");
    }
    const received = {
      issuer: claims.issuer,
      subject: claims.subject,
      email: claims.email,
      emailVerified: claims.emailVerified,
      name: claims.name ?? ([claims.givenName, claims.familyName].filter(Boolean).join(" ") || null),
    };
    return { claims: received, problem: await claimsProblem(deps.db, attempt.connection_id, claims) };
  };
}

/**
 * What a SAML test received at the assertion consumer: the person a verified answer names (SAML
 * sends no "verified" flag: the provider vouches for the address it asserts), or why the answer was
 * refused. The ACS cannot see the admin's session (the provider's form post carries no cookies of
 * ours), so it keeps this outcome with the attempt and the same-site return records it.
 */
export async function samlTestOutcome(
  db: DB,
  connectionId: string,
  issuer: string,
  result: { identity: { subject: string; email: string; name: string } } | { refusal: "denied" | "invalid" | "replayed" },
): Promise<Outcome> {
  if ("refusal" in result) return { claims: null, problem: result.refusal === "denied" ? "denied" : "assertion" };
  const { subject, email, name } = result.identity;
  const claims = { issuer, subject, email, emailVerified: null, name };
  return { claims, problem: await claimsProblem(db, connectionId, claims) };
}

/** Why a sign-in with these claims would be refused, or null: the rules of the sign-in itself (sso-sign-in.ts). */
async function claimsProblem(db: DB, connectionId: string, claims: { email: string | null; emailVerified: boolean | null }) {
  if (!claims.email || claims.emailVerified === false) return "no_verified_email" as const;
  const domain = claims.email.slice(claims.email.lastIndexOf("@") + 1);
  const served = await db
    .selectFrom("sso_connection_domain")
    .select("domain")
    .where("connection_id", "=", connectionId)
    .where("domain", "=", domain)
    .executeTakeFirst();
  return served ? null : ("other_domain" as const);
}

/** A test's outcome for the team's admins; a test of another team, or one expired, is not found. */
export async function testResult(db: DB, organizationId: string, testId: string): Promise<SsoTestResult> {
  const row = await db
    .selectFrom("sso_test")
    .select(["connection_id", "outcome"])
    .where("id", "=", testId)
    .where("organization_id", "=", organizationId)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  if (!row) throw new AppError("notFound");
  const outcome = (typeof row.outcome === "string" ? JSON.parse(row.outcome) : row.outcome) as Outcome | null;
  return { connectionId: row.connection_id, pending: outcome === null, claims: outcome?.claims ?? null, problem: outcome?.problem ?? null };
}

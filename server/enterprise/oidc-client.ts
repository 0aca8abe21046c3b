import { createHash, randomBytes } from "node:crypto";
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { fetchJsonObject } from "./bounded-fetch.js";

/** What we keep of a provider's discovery document: the addresses of one sign-in. */
export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** The clock skew allowed on the provider's tokens. */
const CLOCK_SKEW_SECONDS = 120;

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
};

/**
 * Reads and checks an issuer's discovery document (OpenID Connect Discovery 1.0 §4): it must name
 * the same issuer and the endpoints of the code flow. Null when the issuer does not answer so.
 */
export async function discover(issuer: string): Promise<OidcMetadata | null> {
  if (!isHttpUrl(issuer)) return null;
  const base = issuer.replace(/\/+$/, "");
  try {
    const doc = await fetchJsonObject(`${base}/.well-known/openid-configuration`);
    const { authorization_endpoint, token_endpoint, jwks_uri } = doc;
    if (typeof doc.issuer !== "string" || doc.issuer.replace(/\/+$/, "") !== base) return null;
    if (!isHttpUrl(authorization_endpoint) || !isHttpUrl(token_endpoint) || !isHttpUrl(jwks_uri)) return null;
    const types = doc.response_types_supported;
    if (Array.isArray(types) && !types.includes("code")) return null;
    return { issuer: doc.issuer, authorization_endpoint, token_endpoint, jwks_uri };
  } catch {
    return null;
  }
}

/** A new sign-in's secrets: the state names it, the verifier proves it at the exchange (PKCE), the nonce binds the token. */
export function newAuthorization() {
  return {
    state: randomBytes(32).toString("base64url"),
    codeVerifier: randomBytes(32).toString("base64url"),
    nonce: randomBytes(16).toString("base64url"),
  };
}

export function authorizationUrl(
  metadata: OidcMetadata,
  input: { clientId: string; redirectUri: string; state: string; codeVerifier: string; nonce: string; loginHint?: string },
): string {
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", input.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("state", input.state);
  url.searchParams.set("nonce", input.nonce);
  url.searchParams.set("code_challenge", createHash("sha256").update(input.codeVerifier).digest("base64url"));
  url.searchParams.set("code_challenge_method", "S256");
  if (input.loginHint) url.searchParams.set("login_hint", input.loginHint);
  return url.toString();
}

/** What the sign-in learned of the person. */
export interface OidcIdentity {
  subject: string;
  email: string;
  name: string;
  givenName: string | null;
  familyName: string | null;
}

/** The claims of a checked id token, as a test of the connection reports them. */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | null;
  /** Null when the provider did not say. */
  emailVerified: boolean | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** Why a code did not give an identity: the provider refused the exchange, or its token is not one we accept. */
export class OidcRefusal extends Error {
  constructor(readonly reason: "exchange" | "token") {
    super(reason);
  }
}

/** The person of the claims; an id token without an address, or with one the provider did not verify, is refused. */
export function identityOf(claims: OidcClaims): OidcIdentity {
  if (!claims.email || claims.emailVerified === false) throw new OidcRefusal("token");
  const { givenName, familyName } = claims;
  const name = claims.name?.trim() ? claims.name : [givenName, familyName].filter(Boolean).join(" ");
  return { subject: claims.subject, email: claims.email, name: name || claims.email, givenName, familyName };
}

/** Exchanges the code and checks the id token (exchangeCodeForClaims), and gives its person (identityOf). */
export async function exchangeCode(metadata: OidcMetadata, input: ExchangeInput): Promise<OidcIdentity> {
  return identityOf(await exchangeCodeForClaims(metadata, input));
}

type ExchangeInput = { clientId: string; clientSecret: string; redirectUri: string; code: string; codeVerifier: string; nonce: string };

/**
 * Exchanges the code (client_secret_basic, with the PKCE verifier) and checks the id token: signed
 * with one of the issuer's keys (never `none`), by the issuer, for this client, not expired (two
 * minutes of skew), and carrying this sign-in's nonce.
 */
export async function exchangeCodeForClaims(metadata: OidcMetadata, input: ExchangeInput): Promise<OidcClaims> {
  const basic = Buffer.from(`${encodeURIComponent(input.clientId)}:${encodeURIComponent(input.clientSecret)}`).toString("base64");
  let tokens: Record<string, unknown>;
  try {
    tokens = await fetchJsonObject(metadata.token_endpoint, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      }).toString(),
    });
  } catch {
    throw new OidcRefusal("exchange");
  }
  if (typeof tokens.id_token !== "string") throw new OidcRefusal("token");
  let jwks: Parameters<typeof createLocalJWKSet>[0];
  try {
    jwks = (await fetchJsonObject(metadata.jwks_uri)) as unknown as Parameters<typeof createLocalJWKSet>[0];
  } catch {
    throw new OidcRefusal("exchange");
  }
  try {
    const { payload } = await jwtVerify(tokens.id_token, createLocalJWKSet(jwks), {
      issuer: metadata.issuer,
      audience: input.clientId,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ["sub", "exp", "iat"],
      algorithms: ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"],
    });
    if (payload.nonce !== input.nonce) throw new OidcRefusal("token");
    const text = (value: unknown) => (typeof value === "string" ? value : null);
    return {
      issuer: String(payload.iss),
      subject: String(payload.sub),
      email: text(payload.email)?.trim().toLowerCase() || null,
      // Some providers send the flag as a string.
      emailVerified: payload.email_verified === undefined ? null : payload.email_verified === true || payload.email_verified === "true",
      name: text(payload.name),
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
    };
  } catch (error) {
    if (error instanceof OidcRefusal || error instanceof joseErrors.JOSEError) throw new OidcRefusal("token");
    throw error;
  }
}

import { z } from "zod";
import { typedAddress, typedCode } from "./common";

/** A connection's states: prepared, open to sign-in, and the only way in for its domains' addresses. */
export const SSO_STATES = ["draft", "active", "enforced"] as const;
/** The role a person gets in the team at their first sign-in through the connection. */
export const SSO_DEFAULT_ROLES = ["member", "guest"] as const;

/** One connection as the team's admins see it; the client secret is never shown again. */
export const ssoConnection = z.object({
  id: z.string(),
  kind: z.enum(["oidc", "saml"]),
  state: z.enum(SSO_STATES),
  domains: z.array(z.string()),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  provisioning: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  /** SAML 2.0: the provider's entity id, and our addresses for this connection that its admin copies. */
  saml: z
    .object({
      idpEntityId: z.string(),
      spEntityId: z.string(),
      acsUrl: z.string(),
      spMetadataUrl: z.string(),
    })
    .nullable(),
  /** Switched off by an operator: no sign-in through it until an operator switches it on again. */
  disabled: z.boolean(),
  lastUsedAt: z.string().nullable(),
});

/** GET /api/teams/:teamId/sso (team admins): what the tab shows. */
export const ssoSettings = z.object({
  /** Only a Pro team connects an identity provider. */
  pro: z.boolean(),
  /** Our redirect address, registered at the provider. */
  redirectUrl: z.string(),
  /** The team's verified domains, the ones a connection may serve. */
  verifiedDomains: z.array(z.string()),
  connections: z.array(ssoConnection),
});

/** POST /api/teams/:teamId/sso/oidc: a new OpenID Connect connection (saved as a draft). */
export const oidcConnectionBody = z.object({
  issuer: z.string().trim().max(500),
  clientId: z.string().trim().min(1).max(300),
  clientSecret: z.string().min(1).max(1000),
  domains: z.array(z.string().max(300)).min(1).max(50),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  provisioning: z.boolean(),
});

/**
 * POST /api/teams/:teamId/sso/saml: a new SAML 2.0 connection (saved as a draft), with the
 * provider's metadata as XML or the address it is read from once.
 */
export const samlConnectionBody = z.object({
  metadataXml: z
    .string()
    .max(256 * 1024)
    .optional(),
  metadataUrl: z.string().trim().max(500).optional(),
  domains: z.array(z.string().max(300)).min(1).max(50),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  provisioning: z.boolean(),
});

/** POST /api/teams/:teamId/sso/:connectionId/state. */
export const ssoStateBody = z.object({ state: z.enum(SSO_STATES) });

/** GET /api/sso/lookup?email=: whether the address's domain signs in through a connection. */
export const ssoLookup = z.object({ sso: z.boolean(), enforced: z.boolean() });

/** POST /api/auth/sso/start: an address or a team's slug, and the language of the pages after it. */
export const ssoStartBody = z.object({
  email: typedAddress.optional(),
  slug: z.string().max(100).optional(),
  lang: z.string().max(5).optional(),
});

/** POST /api/auth/sso/link: the pending link, confirmed by the account's password or an e-mailed code. */
export const ssoLinkBody = z.object({
  link: z.string().max(100),
  password: z.string().max(1000).optional(),
  code: typedCode.optional(),
});

/** POST /api/auth/sso/link/view: the account a pending link would join. */
export const ssoLinkRef = z.object({ link: z.string().max(100) });

export const ssoLinkView = z.object({ email: z.string(), team: z.string(), hasPassword: z.boolean() });

/** GET /api/account/managed: the team whose enforced connection manages the account, or null. */
export const managedAccount = z.object({ team: z.string().nullable() });

/** Provisioning from the team's directory (SCIM 2.0, docs/decisions/100, 101): where it sends its requests. */
export const SCIM_BASE_PATH = "/scim/v2";
/** Every provisioning token starts with this, so a leaked one is recognisable and told apart from API keys. */
export const SCIM_TOKEN_PREFIX = "rcscim_";
/** Tokens one team may hold at a time: one per directory, and room to replace one without a gap. */
export const SCIM_TOKENS_MAX = 5;

/** A provisioning token as its list shows it: never the token itself, only its first characters. */
export const scimTokenRow = z.object({
  id: z.string(),
  start: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** GET /api/teams/:teamId/scim-tokens (team admins): the base address to copy and the team's tokens, newest first. */
export const scimTokenList = z.object({ baseUrl: z.string(), items: z.array(scimTokenRow) });

/** POST /api/teams/:teamId/scim-tokens: the token, shown this once, and its row. */
export const createdScimToken = z.object({ token: z.string(), item: scimTokenRow });

/**
 * Why a test of a connection failed, or why sign-ins with the claims it received would be refused:
 * the provider denied it, the code exchange failed (client secret, token endpoint), the id token was
 * not accepted (OpenID Connect) or the SAML answer was not (unsigned, out of time, not addressed to us,
 * or used before), no verified address came, the address is not at the connection's domains, the test
 * expired or returned to another browser, or something else failed.
 */
export const SSO_TEST_PROBLEMS = [
  "denied",
  "exchange",
  "token",
  "assertion",
  "no_verified_email",
  "other_domain",
  "expired",
  "failed",
] as const;

/** The claims a test received from the provider. */
export const ssoTestClaims = z.object({
  issuer: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  /** Null when the provider did not say. */
  emailVerified: z.boolean().nullable(),
  name: z.string().nullable(),
});

/** POST /api/teams/:teamId/sso/:connectionId/test (team admins): where the test's new tab goes, the provider's sign-in. */
export const ssoTestStart = z.object({ url: z.string() });

/** GET /api/teams/:teamId/sso/tests/:testId (team admins): a test's outcome, kept ten minutes. */
export const ssoTestResult = z.object({
  connectionId: z.string(),
  /** The browser has not come back from the provider yet. */
  pending: z.boolean(),
  claims: ssoTestClaims.nullable(),
  problem: z.enum(SSO_TEST_PROBLEMS).nullable(),
});

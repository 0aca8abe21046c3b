import type {
  CreatedScimToken,
  Done,
  OidcConnectionRequest,
  SamlConnectionRequest,
  ScimTokenList,
  SignInAnswer,
  SsoConnection,
  SsoLinkView,
  SsoLookup,
  SsoSettings,
  SsoTestResult,
} from "../../core/api";
import type { Language } from "../../core/languages";
import { request } from "./client";

/** The team's single sign-on: our redirect address, its verified domains and its connections (admins). */
export function fetchSsoSettings(teamId: string): Promise<SsoSettings> {
  return request("GET /api/teams/:teamId/sso", { params: { teamId } });
}

export function addOidcConnection(teamId: string, body: OidcConnectionRequest, lang: Language): Promise<SsoConnection> {
  return request("POST /api/teams/:teamId/sso/oidc", { params: { teamId }, body, language: lang });
}

export function addSamlConnection(teamId: string, body: SamlConnectionRequest, lang: Language): Promise<SsoConnection> {
  return request("POST /api/teams/:teamId/sso/saml", { params: { teamId }, body, language: lang });
}

export function setSsoState(teamId: string, connectionId: string, state: SsoConnection["state"], lang: Language): Promise<SsoConnection> {
  return request("POST /api/teams/:teamId/sso/:connectionId/state", { params: { teamId, connectionId }, body: { state }, language: lang });
}

export function deleteSsoConnection(teamId: string, connectionId: string, lang: Language): Promise<Done> {
  return request("POST /api/teams/:teamId/sso/:connectionId/delete", { params: { teamId, connectionId }, language: lang });
}

/** Starts a test of the connection: the address of the provider's sign-in, for a new tab. */
export function startSsoTest(teamId: string, connectionId: string, lang: Language): Promise<{ url: string }> {
  return request("POST /api/teams/:teamId/sso/:connectionId/test", { params: { teamId, connectionId }, language: lang });
}

/** What a test of a connection received from the provider, or why it failed. */
export function fetchSsoTest(teamId: string, testId: string): Promise<SsoTestResult> {
  return request("GET /api/teams/:teamId/sso/tests/:testId", { params: { teamId, testId } });
}

/** Whether the address's domain signs in through single sign-on. */
export function lookupSso(email: string): Promise<SsoLookup> {
  return request("GET /api/sso/lookup", { query: { email } });
}

/** Starts a sign-in at the identity provider of the address's or team's connection: where to send the browser. */
export function startSso(body: { email?: string; slug?: string }, lang: Language): Promise<{ url: string }> {
  return request("POST /api/auth/sso/start", { body: { ...body, lang }, language: lang });
}

export function fetchSsoLink(link: string, lang: Language): Promise<SsoLinkView> {
  return request("POST /api/auth/sso/link/view", { body: { link }, language: lang });
}

export function sendSsoLinkCode(link: string, lang: Language): Promise<Done> {
  return request("POST /api/auth/sso/link/code", { body: { link }, language: lang });
}

export function confirmSsoLink(link: string, proof: { password: string } | { code: string }, lang: Language): Promise<SignInAnswer> {
  return request("POST /api/auth/sso/link", { body: { link, ...proof }, language: lang });
}

/** The team whose identity provider manages the signed-in account, or null. */
export async function fetchManagedBy(): Promise<string | null> {
  return (await request("GET /api/account/managed")).team;
}

/** The team's provisioning: the SCIM base address and its tokens (admins). */
export function fetchScimTokens(teamId: string): Promise<ScimTokenList> {
  return request("GET /api/teams/:teamId/scim-tokens", { params: { teamId } });
}

/** A new provisioning token: the answer holds the token this once. */
export function createScimToken(teamId: string, lang: Language): Promise<CreatedScimToken> {
  return request("POST /api/teams/:teamId/scim-tokens", { params: { teamId }, language: lang });
}

export function revokeScimToken(teamId: string, tokenId: string, lang: Language): Promise<Done> {
  return request("POST /api/teams/:teamId/scim-tokens/:tokenId/revoke", { params: { teamId, tokenId }, language: lang });
}

import { API_BASE_PATH, EXTENSION_CLIENT_ID, OAUTH_SCOPES } from "../../core/oauth.js";
import type { AuthChrome } from "./chrome.js";
import { createPkce, randomToken } from "./pkce.js";
import { type TokenAnswer, tokenStore } from "./token-store.js";

/** No account is signed in (never was, signed out, or the server refused the refresh token). */
export class SignedOut extends Error {
  constructor() {
    super("signed out");
  }
}

/** The sign-in did not end with a code: cancelled, refused, or an answer that is not the server's. */
export class SignInFailed extends Error {}

/** The token endpoint refused the grant (`invalid_grant`): the refresh token is revoked, expired or reused. */
class GrantRefused extends Error {}

export interface AuthDeps {
  chrome: AuthChrome;
  /** The server's address, its OAuth issuer (BASE_URL). */
  server: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * The extension's account: OAuth 2.1 sign-in with PKCE through `chrome.identity.launchWebAuthFlow`,
 * the tokens in storage, one refresh at a time, and calls to the API (docs/decisions/092). Runs in
 * the service worker only, so every popup and tab shares one refresh.
 */
export function createAuth({ chrome, server, fetch: send = globalThis.fetch.bind(globalThis), now = Date.now }: AuthDeps) {
  const issuer = server.replace(/\/+$/, "");
  // Never the site's cookies: with host permission the worker's requests would carry them, and the
  // server refuses a cookie-carrying request from an origin it does not trust. Tokens are the credential.
  const fetch = (url: string, init: RequestInit = {}) => send(url, { ...init, credentials: "omit" });
  const tokens = tokenStore(chrome.storage, now);
  let refreshing: Promise<string | null> | null = null;

  async function tokenEndpoint(form: Record<string, string>): Promise<TokenAnswer> {
    const res = await fetch(`${issuer}/api/auth/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: EXTENSION_CLIENT_ID, ...form }),
    });
    if (res.ok) return (await res.json()) as TokenAnswer;
    const error = ((await res.json().catch(() => ({}))) as { error?: string }).error;
    if (error === "invalid_grant") throw new GrantRefused(error);
    throw new Error(`token endpoint answered ${res.status}${error ? ` ${error}` : ""}`);
  }

  async function signIn(): Promise<void> {
    // The verifier stays in this call: only this call can receive the answer it belongs to.
    const { verifier, challenge } = await createPkce();
    const state = randomToken(16);
    const redirectUri = chrome.identity.getRedirectURL("oauth");
    const query = new URLSearchParams({
      response_type: "code",
      client_id: EXTENSION_CLIENT_ID,
      redirect_uri: redirectUri,
      scope: OAUTH_SCOPES.join(" "),
      code_challenge: challenge,
      code_challenge_method: "S256",
      state,
    });
    const answer = await chrome.identity.launchWebAuthFlow({ url: `${issuer}/api/auth/oauth2/authorize?${query}`, interactive: true });
    if (!answer) throw new SignInFailed("no answer");
    const params = new URL(answer).searchParams;
    // `state` ties the answer to this request; `iss` (RFC 9207) says our server sent it.
    if (params.get("state") !== state || params.get("iss") !== issuer) throw new SignInFailed("answer of another request or server");
    const code = params.get("code");
    if (!code) throw new SignInFailed(params.get("error") ?? "no code");
    await tokens.save(await tokenEndpoint({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: redirectUri }));
  }

  /**
   * A new access token from the refresh token. Callers that ask while one refresh runs share it: a
   * rotated refresh token sent twice would, after the server's short grace period, end the grant.
   */
  function refresh(): Promise<string | null> {
    refreshing ??= (async () => {
      const refreshToken = await tokens.refreshToken();
      if (!refreshToken) return null;
      try {
        const answer = await tokenEndpoint({ grant_type: "refresh_token", refresh_token: refreshToken });
        await tokens.save(answer);
        return answer.access_token;
      } catch (error) {
        if (!(error instanceof GrantRefused)) throw error;
        await tokens.clear();
        return null;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** A good access token, refreshed when needed; null when signed out. */
  async function accessToken(): Promise<string | null> {
    return (await tokens.accessToken()) ?? refresh();
  }

  /** GETs an API path (`/me`) with the access token; throws SignedOut without one. */
  async function api<T>(path: string): Promise<T> {
    const get = (token: string) => fetch(`${issuer}${API_BASE_PATH}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const token = await accessToken();
    if (!token) throw new SignedOut();
    let res = await get(token);
    if (res.status === 401) {
      // Refused before its expiry (the server's signing keys changed): one new token, one more try.
      await tokens.forgetAccessToken();
      const renewed = await refresh();
      if (!renewed) throw new SignedOut();
      res = await get(renewed);
    }
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  /** Forgets the tokens and revokes the refresh token, which ends the grant on the server. */
  async function signOut(): Promise<void> {
    // A refresh under way would store its new tokens after they are forgotten.
    await refreshing?.catch(() => null);
    const refreshToken = await tokens.refreshToken();
    await tokens.clear();
    if (!refreshToken) return;
    const res = await fetch(`${issuer}/api/auth/oauth2/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token", client_id: EXTENSION_CLIENT_ID }),
    });
    if (!res.ok) throw new Error(`revocation answered ${res.status}`);
  }

  return { signIn, signOut, accessToken, api };
}

export type Auth = ReturnType<typeof createAuth>;

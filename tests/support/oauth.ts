import { createHash, randomBytes } from "node:crypto";
import { get } from "node:http";
import type { TestServer } from "./server.js";

export const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
export const EXTENSION_REDIRECT = `https://${EXTENSION_ID}.chromiumapp.org/oauth`;

/** A PKCE pair (S256), as an app makes one per authorization. */
export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface AuthorizeParams {
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  challenge?: string;
  method?: string;
  extra?: Record<string, string>;
}

/** The authorization request's query string. */
export function authorizeQuery(p: AuthorizeParams = {}) {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: p.clientId ?? "extension",
    redirect_uri: p.redirectUri ?? EXTENSION_REDIRECT,
    scope: p.scope ?? "openid profile email offline_access entitlements:read teams:read",
    state: p.state ?? randomBytes(8).toString("hex"),
    ...(p.challenge === "" ? {} : { code_challenge: p.challenge ?? pkce().challenge, code_challenge_method: p.method ?? "S256" }),
    ...p.extra,
  });
  return query.toString();
}

/**
 * A GET as a browser's navigation sends it (node's fetch always says `sec-fetch-mode: cors`, to
 * which the library answers a redirect as JSON): the status and where it is sent.
 */
export function navigate(server: TestServer, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; location: URL; body: string }>((resolve, reject) => {
    const request = get(
      `${server.localUrl}${path}`,
      { headers: { accept: "text/html", "sec-fetch-mode": "navigate", ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: new URL(res.headers.location ?? "", server.url), body }));
      },
    );
    request.on("error", reject);
  });
}

/** Opens the authorization as a browser with `cookie` would; answers the Location it is sent to. */
export function authorize(server: TestServer, cookie: string | null, params: AuthorizeParams = {}) {
  return navigate(server, `/api/auth/oauth2/authorize?${authorizeQuery(params)}`, cookie ? { cookie } : {});
}

/** A code for the extension, granted by the signed-in `cookie`, with its verifier. */
export async function extensionCode(server: TestServer, cookie: string, scope?: string) {
  const { verifier, challenge } = pkce();
  const { location } = await authorize(server, cookie, { challenge, scope });
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code: ${location}`);
  return { code, verifier };
}

/** A form post to the token (or revocation) endpoint, as an app sends it. */
export function tokenRequest(
  server: TestServer,
  form: Record<string, string>,
  path = "/api/auth/oauth2/token",
  headers: Record<string, string> = {},
) {
  return server.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: `chrome-extension://${EXTENSION_ID}`, ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  id_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

/** Exchanges a code for tokens; throws when refused. */
export async function exchange(server: TestServer, code: string, verifier: string): Promise<TokenAnswer> {
  const res = await tokenRequest(server, {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    redirect_uri: EXTENSION_REDIRECT,
    client_id: "extension",
  });
  if (res.status !== 200) throw new Error(`exchange refused: ${res.status} ${await res.text()}`);
  return (await res.json()) as TokenAnswer;
}

/** The extension's tokens for the signed-in `cookie`: authorized (PKCE) and the code exchanged, as the extension signs in. */
export async function extensionTokens(server: TestServer, cookie: string, scope?: string): Promise<TokenAnswer> {
  const { code, verifier } = await extensionCode(server, cookie, scope);
  return exchange(server, code, verifier);
}

/** Refreshes as the extension does. */
export function refresh(server: TestServer, refreshToken: string, clientId = "extension", extra: Record<string, string> = {}) {
  return tokenRequest(server, { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId, ...extra });
}

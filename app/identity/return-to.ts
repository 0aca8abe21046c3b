/**
 * A page to come back to after signing in or signing up: an invitation link opened while signed
 * out, or an app's authorization (docs/decisions/089). Kept in the tab's session storage through the
 * sign-in or the sign-up steps; the dashboard, where both end, takes it once. Only invitation pages
 * of this site and this site's authorization address are accepted.
 */
const KEY = "return-to";
const INVITATION = /^\/(en|de)\/teams\/invitations\/[A-Za-z0-9_-]{1,100}$/;
const AUTH_BASE_PATH = "/api/auth";
const AUTHORIZE = "/oauth2/authorize";
const AUTHORIZATION_PATH = AUTH_BASE_PATH + AUTHORIZE;
/** The authorization with its query as URLSearchParams writes it (no other characters). */
const AUTHORIZATION = new RegExp(`^${AUTHORIZATION_PATH.replaceAll("/", "\\/")}\\?[A-Za-z0-9%._~=&+*-]{1,4000}$`);
/** What the authorization server adds to sign its query for the sign-in page; the authorization itself is opened without. */
const SIGNATURE_PARAMS = ["sig", "exp", "ba_iat", "ba_param", "ba_pl"];

const allowed = (path: string) => INVITATION.test(path) || AUTHORIZATION.test(path);

export function rememberReturn(path: string): void {
  if (!allowed(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage blocked: the visitor opens the link from the mail again.
  }
}

/**
 * The sign-in page opened by an app's authorization (its query is signed): once signed in, the
 * authorization is opened again, which now finds the session and answers the app.
 */
export function rememberAuthorization(query: URLSearchParams): void {
  if (!query.has("sig") || !query.has("client_id")) return;
  const authorization = new URLSearchParams(query);
  for (const name of SIGNATURE_PARAMS) authorization.delete(name);
  rememberReturn(`${AUTHORIZATION_PATH}?${authorization}`);
}

/** Whether a remembered address is the server's (an authorization) rather than a page of the app. */
export const isServerAddress = (path: string) => path.startsWith(`${AUTHORIZATION_PATH}?`);

/** The remembered page, once: it is forgotten as it is read. */
export function takeReturn(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && allowed(path) ? path : null;
  } catch {
    return null;
  }
}

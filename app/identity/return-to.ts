/**
 * A page to come back to after signing in or signing up (an invitation link opened while signed
 * out). Kept in the tab's session storage through the sign-in or the sign-up steps; the dashboard,
 * where both end, takes it once. Only invitation pages of this site are accepted.
 */
const KEY = "return-to";
const ALLOWED = /^\/(en|de)\/teams\/invitations\/[A-Za-z0-9_-]{1,100}$/;

export function rememberReturn(path: string): void {
  if (!ALLOWED.test(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage blocked: the visitor opens the link from the mail again.
  }
}

/** The remembered page, once: it is forgotten as it is read. */
export function takeReturn(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && ALLOWED.test(path) ? path : null;
  } catch {
    return null;
  }
}

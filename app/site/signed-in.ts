import { SIGNED_IN_PATTERN } from "../../core/signed-in-hint";

/**
 * Marks the document `data-signed-in` from the signed-in hint cookie; CSS then shows the header's
 * dashboard link instead of sign-in and sign-up (the `signed-in:` and `signed-out:` variants).
 * Runs inline in the head before the first paint, and again after each navigation (a sign-in or
 * sign-out in the account area happens without a page load).
 */
export function syncSignedIn() {
  document.documentElement.toggleAttribute("data-signed-in", SIGNED_IN_PATTERN.test(document.cookie));
}

/** The same, as the page's inline head script (no module needed, nothing to wait for). */
export const SIGNED_IN_SCRIPT = `document.documentElement.toggleAttribute("data-signed-in",${SIGNED_IN_PATTERN}.test(document.cookie))`;

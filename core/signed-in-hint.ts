/**
 * A cookie the page's script may read, kept beside the session cookie by the server: it tells the
 * public pages that the visitor is signed in, so their header offers the dashboard. It carries no
 * secret (the session cookie stays HttpOnly) and unlocks nothing; a stale one only shows that link.
 */
export const SIGNED_IN_COOKIE = "signed_in";

/** Whether a Cookie header (or `document.cookie`) carries the hint. */
export const SIGNED_IN_PATTERN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`);

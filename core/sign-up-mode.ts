/**
 * Who may create an account (docs/decisions/128): everyone; only invited or allowlisted addresses;
 * or, besides those, people let in from the waitlist.
 */
export const SIGN_UP_MODES = ["public", "restricted", "waitlist"] as const;
export type SignUpMode = (typeof SIGN_UP_MODES)[number];

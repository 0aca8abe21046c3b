/**
 * The scopes of the public API under /api/v1 (docs/decisions/093): what an access token or an API
 * key may read. OAuth sign-in adds `openid` and `offline_access`, which read nothing here.
 */
export const API_SCOPES = ["profile", "email", "entitlements:read", "teams:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** A team key acts for its team: it may read what a member with `teams:read` reads. */
export const TEAM_KEY_SCOPES = ["teams:read"] as const satisfies readonly ApiScope[];

/** The lifetimes a new API key may have, in days; null means it does not expire. */
export const API_KEY_LIFETIMES = [30, 90, 365, null] as const;
export type ApiKeyLifetime = (typeof API_KEY_LIFETIMES)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners) and told apart from access tokens. */
export const API_KEY_PREFIX = "rcrm_";

/** A key's name: what its owner calls it in the list. */
export const API_KEY_NAME_MAX = 60;

/** Keys one user or one team may hold at a time. */
export const API_KEYS_MAX = 25;

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

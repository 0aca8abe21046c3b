import { type CryptoKey, decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";
import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { apiResourceOf, SIGNING_ALGORITHM } from "./provider.js";

/** What an access token grants: whose it is, which app holds it and what it may do. */
export interface AccessTokenGrant {
  userId: string;
  clientId: string;
  scopes: string[];
}

/** Checks an access token for the API; null when it is not one of ours, is expired or is malformed. */
export type VerifyAccessToken = (token: string) => Promise<AccessTokenGrant | null>;

/** A kid we do not hold is looked up again at most this often (a new key after a rotation, or a forged kid). */
const UNKNOWN_KID_RETRY_MS = 30_000;

/** Tokens already verified, remembered until they expire; the oldest go first beyond this many. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Access tokens that passed the whole check, by their exact text, until their `exp`: an app sends the
 * same token with every call for ten minutes, and the signature check is most of a call's cost
 * (bench/README.md, "The public API"). Identical bytes verify identically, so a hit is the same answer
 * as checking again; expiry is checked on every hit.
 */
function verifiedTokens(max = VERIFIED_TOKENS_KEPT) {
  const entries = new Map<string, { grant: AccessTokenGrant; expiresAt: number }>();
  return {
    get(token: string, now: number) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now < entry.expiresAt) return entry.grant;
      entries.delete(token);
      return null;
    },
    set(token: string, grant: AccessTokenGrant, expiresAt: number) {
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(token, { grant, expiresAt });
    },
  };
}

/**
 * The API's check of an access token without a database read (docs/decisions/089): the signature
 * against our own signing keys, kept in memory once read, with exactly the algorithm we sign with
 * (so `alg: none` and HMAC tricks fail), the issuer BASE_URL, the audience the API, the type
 * `at+jwt` (so an ID token is no access token) and the expiry. A token whose key id we do not
 * hold is refused; the keys are read again only when an unknown key id turns up, at most every 30 s.
 * A revoked grant's access token stays valid until it expires (ten minutes, docs/decisions/090).
 * A token that passed is remembered by its text until it expires, so its later calls skip the check.
 */
export function accessTokenVerifier(deps: { db: DB; config: Pick<Config, "BASE_URL">; now?: () => number }): VerifyAccessToken {
  const now = deps.now ?? Date.now;
  const verified = verifiedTokens();
  const issuer = deps.config.BASE_URL;
  const audience = apiResourceOf(deps.config);
  const keys = new Map<string, CryptoKey | Uint8Array>();
  let lastLoad = 0;
  let loading: Promise<void> | null = null;

  const load = async () => {
    lastLoad = Date.now();
    const rows = await deps.db.selectFrom("jwks").select(["id", "publicKey", "alg"]).execute();
    for (const row of rows) {
      if (keys.has(row.id) || (row.alg ?? SIGNING_ALGORITHM) !== SIGNING_ALGORITHM) continue;
      keys.set(row.id, await importJWK(JSON.parse(row.publicKey) as JWK, SIGNING_ALGORITHM));
    }
  };

  const keyOf = async (kid: string) => {
    if (!keys.has(kid) && Date.now() - lastLoad >= UNKNOWN_KID_RETRY_MS) {
      loading ??= load().finally(() => {
        loading = null;
      });
      await loading;
    }
    return keys.get(kid);
  };

  return async (token) => {
    const known = verified.get(token, now());
    if (known !== undefined) return known;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== SIGNING_ALGORITHM || header.typ !== "at+jwt" || typeof header.kid !== "string") return null;
      const key = await keyOf(header.kid);
      if (!key) return null;
      const { payload } = await jwtVerify(token, key, {
        issuer,
        audience,
        algorithms: [SIGNING_ALGORITHM],
        typ: "at+jwt",
        currentDate: new Date(now()),
      });
      const clientId = payload.client_id ?? payload.azp;
      if (typeof payload.sub !== "string" || typeof clientId !== "string" || typeof payload.scope !== "string") return null;
      if (typeof payload.exp !== "number") return null;
      const grant = { userId: payload.sub, clientId, scopes: payload.scope.split(" ").filter(Boolean) };
      verified.set(token, grant, payload.exp * 1000);
      return grant;
    } catch {
      return null;
    }
  };
}

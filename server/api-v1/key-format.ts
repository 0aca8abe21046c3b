import { createHash, randomBytes } from "node:crypto";
import { API_KEY_PREFIX } from "../../core/api-scopes.js";

/** Random characters after the prefix: 32 bytes in base64url, 43 characters (256 bits). */
const SECRET_BYTES = 32;
const SECRET_LENGTH = 43;
const SECRET_CHARACTERS = /^[A-Za-z0-9_-]+$/;
/** Characters of a secret shown in lists: the prefix and six of the secret, too few to guess the rest. */
const START_AFTER_PREFIX = 6;

/**
 * A new bearer secret with a recognisable prefix, and what is stored of it: its hash and first
 * characters. API keys and the teams' provisioning (SCIM) tokens are made this way.
 */
export function generateBearerSecret(prefix: string): { key: string; hash: string; start: string } {
  const key = `${prefix}${randomBytes(SECRET_BYTES).toString("base64url")}`;
  return { key, hash: hashApiKey(key), start: key.slice(0, prefix.length + START_AFTER_PREFIX) };
}

/** Whether a credential has the exact shape of a secret with this prefix: anything else is refused without a database read. */
export function hasBearerSecretShape(prefix: string, credential: string): boolean {
  return (
    credential.length === prefix.length + SECRET_LENGTH &&
    credential.startsWith(prefix) &&
    SECRET_CHARACTERS.test(credential.slice(prefix.length))
  );
}

/** A new key and what is stored of it. */
export const generateApiKey = () => generateBearerSecret(API_KEY_PREFIX);

/** Keys carry 256 random bits, so a plain SHA-256 is as hard to reverse as the key is to guess: no salt or slow hash needed. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A credential that names an API key by its prefix (the rest is an access token's business). */
export const looksLikeApiKey = (credential: string) => credential.startsWith(API_KEY_PREFIX);

/** Whether a credential has the exact shape of a key: anything else is refused without a database read. */
export const isWellFormedApiKey = (credential: string) => hasBearerSecretShape(API_KEY_PREFIX, credential);

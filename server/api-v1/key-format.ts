import { createHash, randomBytes } from "node:crypto";
import { API_KEY_PREFIX } from "../../core/api-scopes.js";

/** Random characters after the prefix: 32 bytes in base64url, 43 characters (256 bits). */
const SECRET_BYTES = 32;
const SECRET_LENGTH = 43;
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${SECRET_LENGTH}}$`);
/** Characters of a key shown in lists: the prefix and six of the secret, too few to guess the rest. */
const START_LENGTH = API_KEY_PREFIX.length + 6;

/** A new key and what is stored of it. */
export function generateApiKey(): { key: string; hash: string; start: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString("base64url")}`;
  return { key, hash: hashApiKey(key), start: key.slice(0, START_LENGTH) };
}

/** Keys carry 256 random bits, so a plain SHA-256 is as hard to reverse as the key is to guess: no salt or slow hash needed. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A credential that names an API key by its prefix (the rest is an access token's business). */
export const looksLikeApiKey = (credential: string) => credential.startsWith(API_KEY_PREFIX);

/** Whether a credential has the exact shape of a key: anything else is refused without a database read. */
export const isWellFormedApiKey = (credential: string) => KEY_SHAPE.test(credential);

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets of the identity providers (an OpenID Connect client secret) at rest: AES-256-GCM with a
 * key derived from AUTH_SECRET by HKDF (docs/decisions/097). A read of the database alone does not
 * give them away; changing AUTH_SECRET makes them unreadable, so the admins enter them again.
 */
const VERSION = "v1";

const keyOf = (authSecret: string) => Buffer.from(hkdfSync("sha256", authSecret, "", "enterprise-connection-secret", 32));

export function sealSecret(authSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The secret, or null when it was sealed under another AUTH_SECRET (or altered). */
export function openSecret(authSecret: string, stored: string): string | null {
  const [version, body] = stored.split(":");
  if (version !== VERSION || !body) return null;
  const raw = Buffer.from(body, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(authSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

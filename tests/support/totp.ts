import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The bytes of a base32 (RFC 4648) key, as authenticator apps take it (spaces and padding ignored). */
export function keyBytes(key: string): Buffer {
  const encoded = key.replace(/[\s=]+/g, "").toUpperCase();
  let bits = "";
  for (const ch of encoded) bits += BASE32.indexOf(ch).toString(2).padStart(5, "0");
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The secret of an `otpauth://` URI, which is base32 (RFC 4648) encoded. */
export function secretOf(uri: string): Buffer {
  return keyBytes(new URL(uri).searchParams.get("secret") ?? "");
}

/** The 6-digit code (RFC 6238, SHA-1, 30 s) an authenticator app shows at `at` for a secret. */
function codeFor(secret: Buffer, at: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

/** The 6-digit authenticator code (RFC 6238, SHA-1, 30 s) an app would show for the URI now. */
export function totpCode(uri: string, at = Date.now()): string {
  return codeFor(secretOf(uri), at);
}

/** The code an app shows now for a key typed in by hand (the set-up screen's manual key). */
export function totpCodeFromKey(key: string, at = Date.now()): string {
  return codeFor(keyBytes(key), at);
}

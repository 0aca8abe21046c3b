/** PKCE (RFC 7636) with S256, the only method the server accepts, and the random values of a sign-in. */

export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** `bytes` random bytes, base64url-encoded. */
export const randomToken = (bytes: number) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

/** A verifier of 43 characters (32 random bytes) and its challenge, the verifier's SHA-256. */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomToken(32);
  const challenge = base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return { verifier, challenge };
}

/**
 * Reads `Authorization: Bearer …` for /api/v1 (RFC 6750 §2.1). Pure, so that it can be fuzzed: it
 * never throws, whatever the header holds.
 */

/** The longest credential we look at; a key is 45 characters, our access tokens under 2 KB. */
export const MAX_CREDENTIAL_LENGTH = 4096;

/** RFC 6750's b64token: the characters a bearer credential may have. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export type BearerCredential = { kind: "missing" } | { kind: "malformed" } | { kind: "bearer"; token: string };

/** What the header names: nothing, something that is not one bearer credential, or a credential. */
export function readBearer(header: string | undefined): BearerCredential {
  if (header === undefined || header.trim() === "") return { kind: "missing" };
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  if (!match) return { kind: "malformed" };
  const token = match[1] as string;
  if (token.length > MAX_CREDENTIAL_LENGTH || !B64TOKEN.test(token)) return { kind: "malformed" };
  return { kind: "bearer", token };
}

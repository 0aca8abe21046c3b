/** How long a call to an identity provider may take, and how much of its answer is read. */
const TIMEOUT_MS = 5_000;
const MAX_BYTES = 256 * 1024;

/**
 * A call to an identity provider: bounded in time and size, so a slow or huge answer of a provider
 * an admin typed in cannot hold a request of ours. Throws on any failure; the caller names it.
 */
export async function boundedFetch(url: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_BYTES) throw new Error("answer too large");
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error("answer too large");
    }
    chunks.push(value);
  }
  return { status: res.status, text: Buffer.concat(chunks).toString("utf8") };
}

/** A JSON object from a provider (2xx only). */
export async function fetchJsonObject(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const { status, text } = await boundedFetch(url, init);
  if (status < 200 || status > 299) throw new Error(`status ${status}`);
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
  return value as Record<string, unknown>;
}

/** A text document from a provider (2xx only), such as its SAML metadata. */
export async function fetchText(url: string): Promise<string> {
  const { status, text } = await boundedFetch(url, { headers: { accept: "application/samlmetadata+xml, application/xml, text/xml" } });
  if (status < 200 || status > 299) throw new Error(`status ${status}`);
  return text;
}

import { createHash } from "node:crypto";
import type { AuthChrome, StorageArea } from "../../extension/src/chrome.js";

/** The id Chrome gives the reference extension, from the public `key` in extension/manifest.json. */
export const REFERENCE_EXTENSION_ID = "acejmbgjghnahhgghbnaabndodpfpdbh";

/** An extension's id as Chrome computes it: the first 16 bytes of the key's SHA-256, each hex digit 0-f written a-p. */
export function extensionIdOf(publicKeyBase64: string): string {
  const hex = createHash("sha256").update(Buffer.from(publicKeyBase64, "base64")).digest("hex").slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join("");
}

/** A storage area in memory that copies values in and out, as Chrome's does. */
export function fakeStorageArea(): StorageArea & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    async get(keys) {
      return Object.fromEntries(keys.filter((k) => data.has(k)).map((k) => [k, structuredClone(data.get(k))]));
    },
    async set(items) {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
    async remove(keys) {
      for (const k of keys) data.delete(k);
    },
  };
}

/**
 * The `chrome` API of the extension's service worker: storage in memory, and an identity API whose
 * web auth flow is `launch` (the tests open the address in a browser, or answer it themselves).
 */
export function fakeChrome(launch: (url: string) => Promise<string | undefined>, extensionId = REFERENCE_EXTENSION_ID) {
  const session = fakeStorageArea();
  const local = fakeStorageArea();
  const chrome: AuthChrome = {
    identity: {
      getRedirectURL: (path = "") => `https://${extensionId}.chromiumapp.org/${path}`,
      launchWebAuthFlow: ({ url }) => launch(url),
    },
    storage: { session, local },
  };
  return { chrome, session: session.data, local: local.data };
}

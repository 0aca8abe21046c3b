import type { AuthChrome } from "./chrome.js";

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
}

const ACCESS = "accessToken";
const EXPIRES_AT = "accessTokenExpiresAt";
const REFRESH = "refreshToken";

/** An access token this close to its end counts as expired: a request sent with it could arrive too late. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * Where the tokens live. The access token (ten minutes) stays in session storage, in memory and
 * gone with the browser; the refresh token, which must outlive a restart, is the only one on disk.
 */
export function tokenStore(storage: AuthChrome["storage"], now: () => number) {
  return {
    /** The access token while it is still good for a request, else null. */
    async accessToken(): Promise<string | null> {
      const stored = await storage.session.get([ACCESS, EXPIRES_AT]);
      const token = stored[ACCESS];
      const expiresAt = stored[EXPIRES_AT];
      if (typeof token !== "string" || typeof expiresAt !== "number") return null;
      return expiresAt - EXPIRY_MARGIN_MS > now() ? token : null;
    },

    async refreshToken(): Promise<string | null> {
      const token = (await storage.local.get([REFRESH]))[REFRESH];
      return typeof token === "string" ? token : null;
    },

    /** Keeps a new pair; the refresh token rotates on every use, so the old one is replaced. */
    async save(answer: TokenAnswer): Promise<void> {
      await storage.session.set({ [ACCESS]: answer.access_token, [EXPIRES_AT]: now() + answer.expires_in * 1000 });
      if (answer.refresh_token) await storage.local.set({ [REFRESH]: answer.refresh_token });
    },

    /** Forgets the access token only: the API refused it, the refresh token may still get a new one. */
    async forgetAccessToken(): Promise<void> {
      await storage.session.remove([ACCESS, EXPIRES_AT]);
    },

    async clear(): Promise<void> {
      await Promise.all([storage.session.remove([ACCESS, EXPIRES_AT]), storage.local.remove([REFRESH])]);
    },
  };
}

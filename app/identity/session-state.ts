import { wireCodeOf } from "../../core/error-codes";

/** What the browser knows about the visitor's session: a failed read is not the same as none. */
export type SessionState = "pending" | "signed-in" | "signed-out" | "unknown" | "maintenance";

interface SessionRead {
  data: unknown;
  isPending: boolean;
  error: { status?: number; code?: string } | null;
}

/**
 * Whether the session could not be read, for a screen that shows why instead of its content.
 */
export const sessionUnreadable = (state: SessionState) => state === "unknown" || state === "maintenance";

/**
 * A session read that failed (a 429, a 5xx, no network) leaves the session unknown: the visitor
 * may well be signed in, so screens offer a retry instead of sending them to sign-in. Better Auth
 * keeps the last known session on such a failure, so a signed-in visitor stays signed in.
 */
export function sessionState({ data, isPending, error }: SessionRead): SessionState {
  if (data) return "signed-in";
  if (isPending) return "pending";
  // In maintenance the server cannot say whether there is a session; the screen says why.
  if (error?.status === 503 && wireCodeOf(error.code) === "maintenance") return "maintenance";
  if (error && error.status !== 401) return "unknown";
  return "signed-out";
}

/** What the browser knows about the visitor's session: a failed read is not the same as none. */
export type SessionState = "pending" | "signed-in" | "signed-out" | "unknown";

interface SessionRead {
  data: unknown;
  isPending: boolean;
  error: { status?: number } | null;
}

/**
 * A session read that failed (a 429, a 5xx, no network) leaves the session unknown: the visitor
 * may well be signed in, so screens offer a retry instead of sending them to sign-in. Better Auth
 * keeps the last known session on such a failure, so a signed-in visitor stays signed in.
 */
export function sessionState({ data, isPending, error }: SessionRead): SessionState {
  if (data) return "signed-in";
  if (isPending) return "pending";
  if (error && error.status !== 401) return "unknown";
  return "signed-out";
}

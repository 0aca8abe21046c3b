import type { Context, MiddlewareHandler } from "hono";
import { requestText } from "../http/body.js";
import type { AppEnv } from "../http/context.js";
import { rateLimit } from "../http/rate-limit.js";
import type { KeyValueStore } from "../kv.js";

/**
 * Password sign-ins are limited twice (docs/decisions/151): per account at one client address, which
 * stops guessing one account's password, and per address across accounts, loose enough for an office
 * behind one address whose people sign in, add a second account and switch.
 */
export const SIGN_IN_LIMITS = {
  /** Attempts for one account from one address in a minute. */
  perAccount: { limit: 5, windowSeconds: 60 },
  /** Attempts from one address for any accounts in a minute (Better Auth's rule for the path). */
  perAddress: { window: 60, max: 30 },
} as const;

/** The account a sign-in names (its e-mail address or username, as typed, in lower case) at the client's address. */
async function accountAtAddress(c: Context<AppEnv>): Promise<string> {
  let identifier = "";
  try {
    const body = JSON.parse(await requestText(c)) as { email?: unknown; username?: unknown };
    const named = typeof body.email === "string" ? body.email : body.username;
    identifier = typeof named === "string" ? named.trim().toLowerCase() : "";
  } catch {
    // Not JSON: the library refuses it; counted as one unnamed account at the address.
  }
  return `${c.get("clientIp") ?? "unknown"}\n${identifier}`;
}

/** The per-account limit, run before the library's handler on the password sign-in paths. */
export function signInPerAccount(opts: { enabled: boolean; kv?: KeyValueStore }): MiddlewareHandler<AppEnv> {
  return rateLimit({
    name: "sign-in-account",
    ...SIGN_IN_LIMITS.perAccount,
    enabled: opts.enabled,
    kv: opts.kv,
    code: "tooManyRequests",
    subject: accountAtAddress,
  });
}

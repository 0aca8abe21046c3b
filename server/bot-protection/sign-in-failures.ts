import { createHash } from "node:crypto";
import type { KeyValueStore } from "../kv.js";

/** Failed sign-ins after which the next ones need a solved challenge (docs/decisions/129). */
export const SIGN_IN_FAILURES_BEFORE_CHECK = 3;
/** How long a failure counts. */
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * Failed sign-ins, counted per account name (address or username) and per client address: after
 * three of either within 15 minutes, sign-in asks for a proof of work. Keys are hashed, so the
 * shared store holds no addresses. A successful sign-in forgets the name's failures.
 */
export interface SignInFailures {
  /** True when the name or the client has failed often enough to be checked. */
  needsCheck(name: string, client: string): Promise<boolean>;
  failed(name: string, client: string): Promise<void>;
  succeeded(name: string): Promise<void>;
}

const key = (kind: "name" | "client", value: string) =>
  `captcha:fail:${kind}:${createHash("sha256").update(value.trim().toLowerCase()).digest("base64url").slice(0, 22)}`;

interface Counts {
  get(key: string): Promise<number>;
  increment(key: string): Promise<void>;
  delete(key: string): Promise<void>;
}

function kvCounts(kv: KeyValueStore): Counts {
  return {
    get: async (k) => Number((await kv.get(k)) ?? 0),
    increment: async (k) => void (await kv.increment(k, SIGN_IN_FAILURE_WINDOW_SECONDS)),
    delete: (k) => kv.delete(k),
  };
}

function memoryCounts(now: () => number): Counts {
  const counts = new Map<string, { n: number; expires: number }>();
  let nextSweep = 0;
  const live = (k: string) => {
    const t = now();
    if (t >= nextSweep) {
      for (const [k2, v] of counts) if (v.expires <= t) counts.delete(k2);
      nextSweep = t + 60_000;
    }
    const entry = counts.get(k);
    return entry && entry.expires > t ? entry : undefined;
  };
  return {
    get: async (k) => live(k)?.n ?? 0,
    async increment(k) {
      const entry = live(k);
      if (entry) entry.n++;
      else counts.set(k, { n: 1, expires: now() + SIGN_IN_FAILURE_WINDOW_SECONDS * 1000 });
    },
    delete: async (k) => void counts.delete(k),
  };
}

/** Redis when configured, so every instance sees the same failures; otherwise this process. */
export function signInFailures(kv: KeyValueStore | undefined, now = () => Date.now()): SignInFailures {
  const counts = kv ? kvCounts(kv) : memoryCounts(now);
  return {
    async needsCheck(name, client) {
      const [byName, byClient] = await Promise.all([counts.get(key("name", name)), counts.get(key("client", client))]);
      return byName >= SIGN_IN_FAILURES_BEFORE_CHECK || byClient >= SIGN_IN_FAILURES_BEFORE_CHECK;
    },
    async failed(name, client) {
      await Promise.all([counts.increment(key("name", name)), counts.increment(key("client", client))]);
    },
    succeeded: (name) => counts.delete(key("name", name)),
  };
}

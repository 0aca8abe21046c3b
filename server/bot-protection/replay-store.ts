import type { KeyValueStore } from "../kv.js";

/** Remembers each used solution until its challenge has expired. */
export interface ReplayStore {
  /** True the first time `id` is claimed, false for every later claim while it is remembered. */
  claim(id: string, ttlSeconds: number): Promise<boolean>;
}

/**
 * Redis when configured (an atomic increment: the first claim counts 1, so two instances cannot
 * both accept one solution); otherwise a map in this process, swept of expired entries.
 */
export function replayStore(kv: KeyValueStore | undefined, now = () => Date.now()): ReplayStore {
  if (kv) return { claim: async (id, ttl) => (await kv.increment(`captcha:used:${id}`, ttl)) === 1 };
  const used = new Map<string, number>();
  let nextSweep = 0;
  return {
    async claim(id, ttl) {
      const t = now();
      if (t >= nextSweep) {
        for (const [key, expires] of used) if (expires <= t) used.delete(key);
        nextSweep = t + 60_000;
      }
      const expires = used.get(id);
      if (expires !== undefined && expires > t) return false;
      used.set(id, t + ttl * 1000);
      return true;
    },
  };
}

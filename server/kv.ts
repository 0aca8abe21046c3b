import { Redis } from "ioredis";

/** Shared key-value storage (Better Auth's secondary storage shape, also used by our rate limits). */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  getAndDelete(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Atomically adds one; a new key starts at 1 and expires `ttlSeconds` after creation. */
  increment(key: string, ttlSeconds: number): Promise<number>;
}

const INCREMENT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n`;

export function redisStore(url: string): { kv: KeyValueStore; redis: Redis; close(): Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on("error", () => {}); // reconnects on its own; failures surface on the calls
  const kv: KeyValueStore = {
    get: (key) => redis.get(key),
    getAndDelete: (key) => redis.getdel(key),
    async set(key, value, ttl) {
      if (ttl) await redis.set(key, value, "EX", Math.max(1, Math.ceil(ttl)));
      else await redis.set(key, value);
    },
    async delete(key) {
      await redis.del(key);
    },
    async increment(key, ttl) {
      return Number(await redis.eval(INCREMENT, 1, key, Math.max(1, Math.ceil(ttl))));
    },
  };
  return {
    kv,
    redis,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

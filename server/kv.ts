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

/** Redis is configured but cannot be reached; requests that need it answer 503. */
export class SharedStateUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The shared state store (Redis) is not reachable", { cause });
  }
}

const INCREMENT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n`;

/** What is told of each Redis command: a span around it (traces), and its failure (metrics). */
export interface RedisObserver {
  command?: <T>(name: string, run: () => Promise<T>) => Promise<T>;
  failed?: () => void;
}

export function redisStore(url: string, observer: RedisObserver = {}) {
  // Commands fail at once while disconnected (no offline queue), so an outage is answered
  // quickly instead of holding requests; the client keeps reconnecting in the background.
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  redis.on("error", () => {}); // surfaced per command as SharedStateUnavailableError
  const { command, failed } = observer;
  const guard = async <T>(name: string, op: () => Promise<T>): Promise<T> => {
    try {
      return await (command ? command(name, op) : op());
    } catch (error) {
      failed?.();
      throw new SharedStateUnavailableError(error);
    }
  };
  const kv: KeyValueStore = {
    get: (key) => guard("GET", () => redis.get(key)),
    getAndDelete: (key) => guard("GETDEL", () => redis.getdel(key)),
    set: (key, value, ttl) =>
      guard("SET", async () => {
        if (ttl) await redis.set(key, value, "EX", Math.max(1, Math.ceil(ttl)));
        else await redis.set(key, value);
      }),
    delete: (key) => guard("DEL", async () => void (await redis.del(key))),
    increment: (key, ttl) => guard("EVAL", async () => Number(await redis.eval(INCREMENT, 1, key, Math.max(1, Math.ceil(ttl))))),
  };
  return {
    kv,
    redis,
    /** Waits up to `ms` for the first connection; start-up goes on without it (requests needing Redis get 503). */
    ready: (ms = 5_000) =>
      new Promise<boolean>((resolve) => {
        if (redis.status === "ready") return resolve(true);
        const timer = setTimeout(() => resolve(false), ms);
        redis.once("ready", () => {
          clearTimeout(timer);
          resolve(true);
        });
      }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

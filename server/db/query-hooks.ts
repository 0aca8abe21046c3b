/** Runs a statement (`run`) on behalf of an observer: a span around it, its duration measured. */
export type QueryHook = <T>(sql: string, run: () => Promise<T>) => Promise<T>;

/** Connections of the pool: in use by a caller, idle, and callers waiting for one. */
export interface PoolUse {
  used: number;
  idle: number;
  waiting: number;
}

interface PoolClient {
  query(sql: unknown, params?: unknown): Promise<unknown>;
  release(): void;
}

/**
 * The pool as Kysely sees it, each statement passing through the hooks observers added (traces,
 * metrics). Both databases go through it, so their statements are observed alike; without an
 * observer a statement runs as it did.
 */
export function observedPool<P extends { connect(): Promise<PoolClient>; end(): Promise<void> }>(pool: P) {
  const hooks: QueryHook[] = [];
  const wrapped = new WeakMap<PoolClient, PoolClient>();
  const wrap = (client: PoolClient): PoolClient => ({
    query(sql, params) {
      if (!hooks.length || typeof sql !== "string") return client.query(sql, params);
      let run = () => client.query(sql, params);
      for (const hook of hooks) {
        const inner = run;
        run = () => hook(sql, inner);
      }
      return run();
    },
    release: () => client.release(),
  });
  return {
    pool: {
      async connect() {
        const client = await pool.connect();
        let w = wrapped.get(client);
        if (!w) {
          w = wrap(client);
          wrapped.set(client, w);
        }
        return w;
      },
      end: () => pool.end(),
    },
    /** Adds an observer; the first added runs innermost, right around the statement. */
    observe(hook: QueryHook) {
      hooks.push(hook);
    },
  };
}

import type { Logger } from "pino";

/**
 * Tells job runners that jobs of a kind were stored, so they look now instead of at their next
 * poll. Within the process listeners hear it at once; on PostgreSQL the other instances hear it
 * through NOTIFY, so the one that is idle picks the jobs up.
 */
export interface JobSignal {
  /** Jobs of `kind` were stored (call it after their transaction committed). */
  notify(kind: string): void;
  /** Calls `listener` with the kind of every notification, this process's and the others'; answers the unsubscribe. */
  listen(listener: (kind: string) => void): () => void;
  close(): Promise<void>;
}

/** The channel the instances notify each other on; the payload is the job kind. */
export const JOB_CHANNEL = "jobs_stored";
/** The least time between two NOTIFYs of one process; wakes meanwhile go out together after it. */
const NOTIFY_GAP_MS = 50;

/** A signal within this process: enough for the embedded database, which one process at a time can open. */
export function localJobSignal(): JobSignal {
  const listeners = new Set<(kind: string) => void>();
  return {
    notify(kind) {
      for (const listener of listeners) listener(kind);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

/** The part of a `pg` client the signal uses. */
interface ListeningClient {
  processID?: number | null;
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<unknown>;
  on(event: "notification", listener: (message: { channel: string; payload?: string; processId: number }) => void): unknown;
  on(event: "error" | "end", listener: () => void): unknown;
  end(): Promise<void>;
}

/**
 * A signal shared by every instance on one PostgreSQL database: this process hears its own
 * notifications at once, and sends them on with NOTIFY through a connection of its own that also
 * LISTENs for the others'. Notifications arriving while a NOTIFY is under way, or within 50 ms
 * after it, go out together in the next one, so a burst of requests costs at most twenty
 * statements a second, not one each. When the connection drops, it is opened again with back-off;
 * meanwhile the runners' polling finds the jobs.
 * `listening` settles once the first LISTEN is in place (or failed).
 */
export function postgresJobSignal(databaseUrl: string, logger: Logger): JobSignal & { listening: Promise<void> } {
  const local = localJobSignal();
  let client: ListeningClient | undefined;
  let closed = false;
  let retryMs = 1_000;
  let retryTimer: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  let sending = false;

  async function connect(): Promise<void> {
    // Loaded only for PostgreSQL, as in openDatabase.
    const { default: pg } = await import("pg");
    const next: ListeningClient = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      void next.end().catch(() => {});
      reconnectLater();
    };
    next.on("error", onLost);
    next.on("end", onLost);
    next.on("notification", (message) => {
      // Our own notifications were heard by this process's listeners when they were sent.
      if (message.channel === JOB_CHANNEL && message.payload && message.processId !== next.processID) local.notify(message.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${JOB_CHANNEL}`);
    } catch (error) {
      logger.warn({ err: error, retryInMs: retryMs }, "jobs: cannot listen for other instances' jobs, will retry");
      onLost();
      return;
    }
    if (closed || lost) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = 1_000;
    void send();
  }

  function reconnectLater() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  }

  async function send() {
    if (sending || !client || !pending.size) return;
    sending = true;
    const kinds = [...pending];
    pending.clear();
    try {
      await client.query("select pg_notify($1, kind) from unnest($2::text[]) as kind", [JOB_CHANNEL, kinds]);
      // Every NOTIFY is a commit through PostgreSQL's one notification queue: under a burst of
      // requests, one per kind every NOTIFY_GAP_MS is enough to wake the others.
      await new Promise((resolve) => setTimeout(resolve, NOTIFY_GAP_MS).unref());
    } catch {
      // The connection is gone; its handler reconnects. The jobs are found by polling meanwhile.
    } finally {
      sending = false;
    }
    void send();
  }

  const listening = connect();
  return {
    listening,
    notify(kind) {
      local.notify(kind);
      if (closed) return;
      pending.add(kind);
      void send();
    },
    listen: local.listen,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await local.close();
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}

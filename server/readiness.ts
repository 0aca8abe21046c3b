import { type DB, ping } from "./db/database.js";
import { pendingMigrations } from "./db/migrate.js";

/** What readiness looks at; `redis` only when Redis is configured. */
export type ReadinessPart = "database" | "migrations" | "redis";
export type PartState = "ok" | "unreachable" | "pending" | "unknown";

export interface Readiness {
  ready: boolean;
  /** The process is stopping: it finishes what it has and takes nothing new. */
  stopping: boolean;
  checks: Partial<Record<ReadinessPart, PartState>>;
  /** The parts that are not ok, in the order above. */
  failing: ReadinessPart[];
}

export interface ReadinessDeps {
  db: DB;
  /** Answers when Redis does (PING); absent without REDIS_URL. */
  redisPing?: () => Promise<unknown>;
  /** True once a graceful stop began. */
  stopping: () => boolean;
}

/** A probe that has not answered within this time counts as failed: a load balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should be sent requests (decision 011): the database answers, every
 * migration this version knows is applied, and Redis answers when configured. The migration check
 * is the database's answer too, so one query covers both; a ping is made only to tell "unreachable"
 * from "pending" when it fails.
 */
export async function readiness(deps: ReadinessDeps): Promise<Readiness> {
  const [migrations, redis] = await Promise.allSettled([
    within(pendingMigrations(deps.db)),
    deps.redisPing ? within(deps.redisPing()) : Promise.resolve(undefined),
  ]);
  const checks: Readiness["checks"] = {};
  if (migrations.status === "fulfilled") {
    checks.database = "ok";
    checks.migrations = migrations.value.length ? "pending" : "ok";
  } else {
    const answers = await within(ping(deps.db)).then(
      () => true,
      () => false,
    );
    checks.database = answers ? "ok" : "unreachable";
    checks.migrations = "unknown"; // not readable, whether or not the database answers
  }
  if (deps.redisPing) checks.redis = redis.status === "fulfilled" ? "ok" : "unreachable";
  const failing = (Object.keys(checks) as ReadinessPart[]).filter((part) => checks[part] !== "ok");
  const stopping = deps.stopping();
  return { ready: !stopping && failing.length === 0, stopping, checks, failing };
}

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "./databases.js";
import { startNginx } from "./nginx.js";
import { freePort, reservePort } from "./server.js";

export interface Instance {
  port: number;
  process: ChildProcess;
  alive: boolean;
}

/**
 * N instances of the built server on one PostgreSQL database and one Redis, behind Debian's nginx
 * running the deployment's deploy/nginx.conf (round robin, x-forwarded-for, instances that refuse
 * connections left out). See tests/support/nginx.ts for what a test adds to it.
 */
export async function startCluster(opts: {
  instances: number;
  redisUrl: string;
  /** A database of the test's own (e.g. a server it stops and starts); a new one on TEST_DATABASE_URL otherwise. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Settings of one instance on top of `env`, by its index. */
  instanceEnv?: (index: number) => Record<string, string>;
}) {
  const database: TestDatabase = opts.databaseUrl
    ? { kind: "postgres", databaseUrl: opts.databaseUrl, dataDir: "", drop: async () => {} }
    : await createTestDatabase("postgres");
  // nginx listens only once the instances are up, seconds from now: until then the port is held.
  const proxy = await reservePort();
  const baseUrl = `http://127.0.0.1:${proxy.port}`;
  const dataDirs: string[] = [];
  const instances: Instance[] = [];

  const env = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    AUTH_SECRET: "cluster-secret-cluster-secret-cluster",
    BASE_URL: baseUrl,
    DATABASE_URL: database.databaseUrl as string,
    REDIS_URL: opts.redisUrl,
    TRUSTED_IP_HEADER: "x-forwarded-for",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // Load and failover tests; the proof of work has its own tests (tests/integration/bot-protection.test.ts).
    BOT_PROTECTION: "off",
    ...opts.env,
  };

  async function launch(index: number): Promise<Instance> {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), "crm-cluster-"));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, ["build/node/main.js"], {
      env: { ...env, ...opts.instanceEnv?.(index), PORT: String(port), DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const instance: Instance = { port, process: child, alive: false };
    child.once("exit", () => {
      instance.alive = false;
    });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
          instance.alive = true;
          return instance;
        }
      } catch {}
      if (child.exitCode !== null || child.signalCode) throw new Error(`instance exited with ${child.exitCode ?? child.signalCode}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("instance did not become healthy");
  }

  for (let i = 0; i < opts.instances; i++) instances.push(await launch(i));
  await proxy.release();
  const nginx = await startNginx(
    instances.map((i) => i.port),
    proxy.port,
  );
  /** How many answers each instance gave, by the instance nginx names in each answer. */
  const served = new Map<number, number>();
  return {
    baseUrl,
    database,
    instances,
    nginx,
    /** How many of the requests made with `fetch` each instance port answered. */
    served,
    /** Ends one instance abruptly, as a crash would. */
    kill(index: number) {
      const instance = instances[index] as Instance;
      instance.alive = false;
      instance.process.kill("SIGKILL");
    },
    /** Asks one instance to stop, as an orchestrator does (SIGTERM); resolves with its exit code once it exited. */
    terminate(index: number): Promise<number | null> {
      const { process: child } = instances[index] as Instance;
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      return exited;
    },
    async fetch(pathname: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("origin")) headers.set("origin", baseUrl);
      const res = await fetch(`${baseUrl}${pathname}`, { ...init, headers, redirect: "manual" });
      // "127.0.0.1:A, 127.0.0.1:B" when nginx tried A first: B answered.
      const port = Number((res.headers.get("x-served-by") ?? "").split(/[:,\s]+/).at(-1));
      if (port) served.set(port, (served.get(port) ?? 0) + 1);
      return res;
    },
    async stop() {
      await nginx.stop();
      await Promise.all(
        instances.map(
          (i) =>
            new Promise<void>((resolve) => {
              if (i.process.exitCode !== null || i.process.signalCode) return resolve();
              i.process.once("exit", () => resolve());
              i.process.kill("SIGTERM");
            }),
        ),
      );
      for (const d of dataDirs) await rm(d, { recursive: true, force: true });
      await database.drop();
    },
  };
}

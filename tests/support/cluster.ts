import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "./databases.js";
import { freePort } from "./server.js";

export interface Instance {
  port: number;
  process: ChildProcess;
  alive: boolean;
}

/**
 * N instances of the built server on one PostgreSQL database and one Redis, behind a round-robin
 * reverse proxy that sets x-forwarded-for, as a load balancer would. Instances that stop answering
 * are taken out of rotation.
 */
export async function startCluster(opts: {
  instances: number;
  redisUrl: string;
  env?: Record<string, string>;
  /** Settings of one instance on top of `env`, by its index. */
  instanceEnv?: (index: number) => Record<string, string>;
}) {
  const database: TestDatabase = await createTestDatabase("postgres");
  const proxyPort = await freePort();
  const baseUrl = `http://127.0.0.1:${proxyPort}`;
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

  let next = 0;
  const served = new Map<number, number>();
  const proxy: Server = createServer((req, res) => {
    const live = instances.filter((i) => i.alive);
    if (!live.length) {
      res.writeHead(503).end();
      return;
    }
    const target = live[next++ % live.length] as Instance;
    served.set(target.port, (served.get(target.port) ?? 0) + 1);
    // Tests simulate many clients from one machine by naming the client address the proxy reports.
    const client = (req.headers["x-simulated-client"] as string | undefined) ?? req.socket.remoteAddress ?? "";
    const headers = { ...req.headers, "x-forwarded-for": client };
    const upstream = request({ host: "127.0.0.1", port: target.port, path: req.url, method: req.method, headers }, (up) => {
      // Connection headers describe the instance's connection, not the proxy's: passing on the
      // instance's longer keep-alive would make clients reuse sockets the proxy has already closed.
      const { connection: _connection, "keep-alive": _keepAlive, ...headers } = up.headers;
      res.writeHead(up.statusCode ?? 502, headers);
      up.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Bad gateway" }));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));

  return {
    baseUrl,
    database,
    instances,
    /** How many requests the proxy sent to each instance port. */
    served,
    /** Ends one instance abruptly, as a crash would. */
    kill(index: number) {
      const instance = instances[index] as Instance;
      instance.alive = false;
      instance.process.kill("SIGKILL");
    },
    fetch(pathname: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("origin")) headers.set("origin", baseUrl);
      return fetch(`${baseUrl}${pathname}`, { ...init, headers, redirect: "manual" });
    },
    async stop() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      proxy.closeAllConnections();
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

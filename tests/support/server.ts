import pino from "pino";
import { type Config, loadConfig } from "../../server/config.js";
import { type RunningServer, startServer } from "../../server/server.js";
import { createTestDatabase, type TestDatabase } from "./databases.js";

export interface TestServer extends RunningServer {
  database: TestDatabase;
  config: Config;
  /** The address the server listens on; differs from `url` (BASE_URL) when a test sets a public one. */
  localUrl: string;
  /** fetch against the local listener with a same-origin Origin header (BASE_URL), as a browser page would send. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/** The environment of a test server on `port` with `database`: rate limits and bot protection off, no log, a quick stop. */
export function testEnvironment(port: number, database: TestDatabase): Record<string, string> {
  return {
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? "",
    RATE_LIMIT: "off",
    BOT_PROTECTION: "off",
    LOG_LEVEL: "silent",
    // A test's client holds no connection it may send on while the server stops.
    SHUTDOWN_IDLE_GRACE: "0",
  };
}

/**
 * Starts the real server in this process on a free port with a fresh database.
 * Rate limits and bot protection are off unless a test turns them on.
 */
export async function startTestServer(
  kind: "pglite" | "postgres",
  env: Record<string, string> = {},
  /** Share a database with another instance (PostgreSQL only); the first owner drops it. */
  shared?: TestDatabase,
): Promise<TestServer> {
  const database = shared ?? (await createTestDatabase(kind));
  const { port, config, running } = await startOnFreePort((port) => loadConfig({ ...testEnvironment(port, database), ...env }));
  const localUrl = `http://127.0.0.1:${port}`;
  return {
    ...running,
    url: config.BASE_URL,
    localUrl,
    database,
    config,
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("origin")) headers.set("origin", config.BASE_URL);
      return fetch(`${localUrl}${path}`, { ...init, headers, redirect: "manual" });
    },
    async stop() {
      await running.close();
      if (!shared) await database.drop();
    },
  };
}

/**
 * A port is free when picked and taken only when the server listens; a test file starting at the
 * same moment can take it in between. The server then releases everything it opened, and starts
 * again on another port.
 */
async function startOnFreePort(configFor: (port: number) => Config) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const config = configFor(port);
    try {
      const running = await startServer(config, { logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }) });
      return { port, config, running };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt === 3) throw error;
    }
  }
}

/**
 * A free port, held until `release`: no other test's server can be given it while whatever is to
 * listen on it gets ready, which matters when its number must be known long before (a proxy's
 * address in the settings of the instances behind it).
 */
export async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  const { createServer } = await import("node:net");
  const srv = createServer();
  await new Promise<void>((resolve, reject) => {
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", resolve);
  });
  const { port } = srv.address() as { port: number };
  return { port, release: () => new Promise((resolve) => srv.close(() => resolve())) };
}

export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { freePort } from "../support/server";

export interface OwnServer {
  url: string;
  /** Its embedded database's folder, kept by `stop({ keepData: true })` for a command or a restart. */
  dataDir: string;
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/** What the server writes to the test output: its warnings and errors, or down to `E2E_LOG_LEVEL`. */
const PINO_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
const shownLevel: number = PINO_LEVELS[process.env.E2E_LOG_LEVEL as keyof typeof PINO_LEVELS] ?? PINO_LEVELS.warn;

/**
 * An instance of the production build on its own embedded database: the run's shared server
 * (global-setup.ts), and a spec's own for an operator setting (maintenance, sign-up mode) that must
 * not reach the other specs' server.
 */
export async function startOwnServer(
  env: Record<string, string>,
  /** `hostname`: the name in BASE_URL (`localhost` where WebAuthn refuses an IP address); it listens on 127.0.0.1 either way. */
  opts: { dataDir?: string; hostname?: string } = {},
): Promise<OwnServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), "crm-e2e-own-")));
  // A port is free when picked and taken only once the server listens; another process may take it
  // meanwhile, and then this one exits and is started again on another port.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://${opts.hostname ?? "127.0.0.1"}:${port}`;
    const server: ChildProcess = spawn(process.execPath, ["build/node/main.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        AUTH_SECRET: "e2e-own-secret-e2e-own-secret-e2e-own",
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        REDIS_URL: "",
        RATE_LIMIT: "off",
        // Proven on the shared server; a spec of an operator setting turns it on if it needs it.
        BOT_PROTECTION: "off",
        // At least info, for the line that says it listens; `shownLevel` reaches the test output.
        LOG_LEVEL: shownLevel < PINO_LEVELS.info ? (process.env.E2E_LOG_LEVEL as string) : "info",
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const started = await listening(server, port);
    if (started === "listening") return ownServer(server, url, dataDir);
    if (attempt === 3) throw new Error(`The server exited with code ${started.exitCode} before it listened`);
  }
}

/**
 * Waits until this process says it listens on its port: a health check could be answered by another
 * process that took the port first. Passes on the log entries from `shownLevel` up (and any line
 * that is not a log entry) to the test output; the request lines stay out of it.
 */
function listening(server: ChildProcess, port: number): Promise<"listening" | { exitCode: number | null }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      server.kill("SIGKILL");
      reject(new Error("The server did not listen within 60 s"));
    }, 60_000);
    server.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode });
    });
    createInterface({ input: server.stdout as Readable }).on("line", (line) => {
      let entry: { level?: number; msg?: string; port?: number } | undefined;
      try {
        entry = JSON.parse(line);
      } catch {}
      if (entry?.port === port && entry.msg?.startsWith("listening on")) {
        clearTimeout(timer);
        resolve("listening");
      }
      if (!entry || (entry.level ?? 0) >= shownLevel) process.stdout.write(`${line}\n`);
    });
  });
}

function ownServer(server: ChildProcess, url: string, dataDir: string): OwnServer {
  return {
    url,
    dataDir,
    async stop({ keepData = false } = {}) {
      await stopProcess(server);
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Stops the server as the platform would (SIGTERM); one that has not exited within 20 s is killed and reported. */
async function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([exited.then(() => true), new Promise((r) => (timer = setTimeout(r, 20_000, false)))]);
  clearTimeout(timer);
  if (stopped) return;
  server.kill("SIGKILL");
  await exited;
  throw new Error("The server did not stop within 20 s of SIGTERM");
}

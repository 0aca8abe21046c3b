import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../support/server";

export interface OwnServer {
  url: string;
  /** Its embedded database's folder, kept by `stop({ keepData: true })` for a command or a restart. */
  dataDir: string;
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/**
 * A second instance of the production build on its own embedded database, for a spec that needs
 * an operator setting (maintenance, sign-up mode) that must not reach the other specs' server.
 */
export async function startOwnServer(
  env: Record<string, string>,
  /** `hostname`: the name in BASE_URL (`localhost` where WebAuthn refuses an IP address); it listens on 127.0.0.1 either way. */
  opts: { dataDir?: string; hostname?: string } = {},
): Promise<OwnServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), "crm-e2e-own-")));
  const port = await freePort();
  const url = `http://${opts.hostname ?? "127.0.0.1"}:${port}`;
  const local = `http://127.0.0.1:${port}`;
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
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error("The server did not become healthy within 60 s");
    const healthy = await fetch(`${local}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 200));
  }
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

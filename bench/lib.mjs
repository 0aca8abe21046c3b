// Helpers shared by the benchmarks: free ports, the production server in its own process, a
// scratch PostgreSQL database, and autocannon runs summarised the same way everywhere.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { SMTPServer } from "smtp-server";

export const root = path.resolve(import.meta.dirname, "..");

/** An SMTP server on a free local port that accepts and discards every message: the product's mail relay. */
export async function smtpSink() {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, _session, callback) => stream.on("end", () => callback()).resume(),
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return { url: `smtp://127.0.0.1:${smtp.server.address().port}`, close: () => smtp.close() };
}

// Clean-ups still due (servers to stop, scratch databases to drop): an interrupted benchmark runs
// them before exiting, so it leaves no process, folder or database behind.
const cleanups = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    // Newest first: a server stops before the database it uses is dropped.
    for (const clean of [...cleanups].reverse()) await clean().catch(() => {});
    process.exit(130);
  });
}

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * The production build (`build/node/main.js`, or another `script` taking the same environment) on
 * a free port with a fresh data folder: PGlite
 * unless `databaseUrl` is given, on CPU `cpu` alone when given (see `pinning`). Resolves once
 * /healthz answers; `stop()` ends it and removes the folder.
 */
export async function startServer({ databaseUrl, env = {}, cpu, script = "build/node/main.js" } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-bench-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const command = cpu === undefined ? [process.execPath] : ["taskset", "-c", String(cpu), process.execPath];
  const child = spawn(command[0], [...command.slice(1), script], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      REDIS_URL: "",
      RATE_LIMIT: "off",
      BOT_PROTECTION: "off",
      LOG_LEVEL: "error",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let stopping = false;
  let ended;
  child.once("exit", (code, signal) => {
    ended = signal ? `was ended by ${signal}` : `exited with code ${code}`;
    if (!stopping) console.error(`server ${child.pid} ${ended} while the benchmark was running`);
  });
  for (let i = 0; ; i++) {
    if (ended) throw new Error(`server ${ended} before it answered`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {}
    if (i > 1200) throw new Error("server did not start within 2 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  const server = {
    url,
    pid: child.pid,
    startMs: performance.now() - started,
    /** Set when the server ended without being asked to (the run's figures are then void). */
    get ended() {
      return stopping ? undefined : ended;
    },
    async stop() {
      stopping = true;
      cleanups.delete(server.stop);
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  cleanups.add(server.stop);
  return server;
}

/** Throws when the server ended without being asked to, so no figure of a dead server is reported. */
export function assertRunning(server) {
  if (server.ended) throw new Error(`the server ${server.ended} during the measurement`);
}

/** SIGTERM, and SIGKILL when the process has not exited 30 s later (a benchmark must not hang). */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    console.error(`process ${child.pid} did not stop within 30 s of SIGTERM; killing it`);
    child.kill("SIGKILL");
  }, 30_000);
  await exited;
  clearTimeout(timer);
}

/** A new empty database on the PostgreSQL server of `adminUrl`, dropped by `drop()`. */
export async function scratchDatabase(adminUrl) {
  const name = `crm_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    cleanups.delete(drop);
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  cleanups.add(drop);
  return { url: url.toString(), drop };
}

/** One autocannon run, summarised: mean req/s, latency percentiles, status counts. */
export function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (error, r) =>
      error
        ? reject(error)
        : resolve({
            rps: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            ok: r["2xx"],
            non2xx: r.non2xx,
            // A request unanswered after 10 s counts as a timeout, included in `errors`.
            errors: r.errors,
            timeouts: r.timeouts,
            bytesPerRequest: r.requests.total ? r.throughput.total / r.requests.total : 0,
          }),
    );
  });
}

/** One line naming the machine and its load, printed above every table. */
/**
 * Keeps the server and the load generator off each other's core, as the figures of bench/README.md
 * are taken: this process moves to the last CPU and the server is to run on the first. Needs two
 * CPUs and `taskset` (Debian's util-linux); without them nothing is pinned.
 */
export function pinning() {
  const count = cpus().length;
  if (count < 2) return { server: undefined, line: "not pinned (one CPU)" };
  try {
    execFileSync("taskset", ["-cp", String(count - 1), String(process.pid)], { stdio: "ignore" });
  } catch {
    return { server: undefined, line: "not pinned (no taskset)" };
  }
  return { server: 0, line: `server pinned to CPU 0, load generator to CPU ${count - 1}` };
}

export function machineLine() {
  return `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}, 256 MiB of new memory filled in ${freshMemoryMs()} ms`;
}

/**
 * How long filling 256 MiB the process never used takes. On a virtual machine whose host hands out
 * each page on first touch it is ten times and more what a second fill takes, every new browser tab
 * and growing heap pays for it, and runs compare with runs of the same day only (bench/README.md,
 * "The islands after the first frame").
 */
function freshMemoryMs() {
  const started = performance.now();
  Buffer.allocUnsafeSlow(256 * 1024 * 1024).fill(1);
  return Math.round(performance.now() - started);
}

/** A Markdown table from a header row and rows of cells. */
export function table(header, rows, align = header.map(() => "---")) {
  return [`| ${header.join(" | ")} |`, `| ${align.join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

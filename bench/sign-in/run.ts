/**
 * Sign-in throughput and latency at 1, 4 and 16 concurrent clients against the production build,
 * on the embedded database and, when BENCH_DATABASE_URL (an admin URL; a scratch database is
 * created and dropped) is set, on PostgreSQL, next to the throughput of the bare password hash
 * (scrypt N=16384, r=16, p=1, 64 bytes, the parameters Better Auth uses) measured in the same run
 * on the same machine.
 *
 *   npm run build && npx tsx bench/sign-in/run.ts [seconds per level, default 10] [--levels 1,4,16]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, scrypt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort } from "../../tests/support/server.js";
import { codeIn, startSmtpCapture } from "../../tests/support/smtp.js";

const args = parseArgs({ allowPositionals: true, options: { levels: { type: "string", default: "1,4,16" } } });
const SECONDS = Number(args.positionals[0] ?? 10);
const LEVELS = args.values.levels.split(",").map(Number);
const PASSWORD = "correct horse battery";

interface Result {
  clients: number;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `clients` loops of `task` for `seconds`, recording each call's latency in ms. */
async function load(clients: number, seconds: number, task: () => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const ok = await task().catch(() => false);
        latencies.push(performance.now() - started);
        if (!ok) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    clients,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const hash = () =>
  new Promise<boolean>((resolve, reject) =>
    scrypt(PASSWORD, randomBytes(16).toString("hex"), 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 }, (err) =>
      err ? reject(err) : resolve(true),
    ),
  );

async function startProductServer(smtpUrl: string, databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "crm-bench-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["build/node/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      REDIS_URL: "",
      SMTP_URL: smtpUrl,
      RATE_LIMIT: "off",
      BOT_PROTECTION: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let stopping = false;
  let ended: string | undefined;
  server.once("exit", (code, signal) => {
    ended = signal ? `was ended by ${signal}` : `exited with code ${code}`;
    if (!stopping) console.error(`server ${server.pid} ${ended} while the benchmark was running`);
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {}
    if (ended) throw new Error(`server ${ended} before it answered`);
    if (i > 600) {
      server.kill("SIGKILL");
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    /** Throws when the server ended without being asked to, so no figure of a dead server is reported. */
    assertRunning() {
      if (ended) throw new Error(`the server ${ended} during the measurement`);
    },
    async stop() {
      stopping = true;
      if (ended) return rm(dataDir, { recursive: true, force: true });
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the PostgreSQL server of `adminUrl`, dropped by `drop()`. */
async function scratchDatabase(adminUrl: string) {
  const name = `crm_bench_${randomBytes(4).toString("hex")}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const smtp = await startSmtpCapture();
let account = 0;

/**
 * Sign-in results per level on one database, with a fresh account and server, each followed by
 * the bare hash at the same concurrency, so a row's two figures share the machine's conditions.
 */
async function measureSignIn(databaseUrl?: string): Promise<{ signIn: Result; hash: Result }[]> {
  const server = await startProductServer(smtp.url, databaseUrl);
  const post = (p: string, body: unknown) =>
    fetch(`${server.baseUrl}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify(body),
      // An answer later than this counts as an error rather than holding up the run.
      signal: AbortSignal.timeout(30_000),
    });
  try {
    const email = `bench-${account++}@example.com`;
    await post("/api/auth/sign-up/email", { name: "Bench User", email, password: PASSWORD, legalConsent: true });
    const verified = await post("/api/auth/email-otp/verify-email", { email, otp: codeIn(await smtp.waitFor(email)) });
    if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);

    const signIn = async () => {
      const res = await post("/api/auth/sign-in/email", { email, password: PASSWORD });
      await res.arrayBuffer();
      return res.status === 200;
    };
    await load(2, 2, signIn); // warm-up
    const results: { signIn: Result; hash: Result }[] = [];
    for (const level of LEVELS) results.push({ signIn: await load(level, SECONDS, signIn), hash: await load(level, SECONDS, hash) });
    server.assertRunning();
    return results;
  } finally {
    await server.stop();
  }
}

try {
  const databases: [string, { signIn: Result; hash: Result }[]][] = [["PGlite", await measureSignIn()]];
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const database = await scratchDatabase(adminUrl);
    try {
      databases.push(["PostgreSQL", await measureSignIn(database.url)]);
    } finally {
      await database.drop();
    }
  } else {
    console.error("BENCH_DATABASE_URL is not set: PostgreSQL skipped");
  }

  const f = (n: number, d = 1) => n.toFixed(d);
  console.log(
    `\nNode ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}, ${SECONDS} s per level, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 4}\n`,
  );
  console.log("| database | clients | sign-ins/s | p50 ms | p99 ms | errors | bare scrypt hashes/s | sign-in / hash |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [label, results] of databases) {
    for (const { signIn: s, hash: h } of results) {
      console.log(
        `| ${label} | ${s.clients} | ${f(s.perSecond)} | ${f(s.p50)} | ${f(s.p99)} | ${s.errors} | ${f(h.perSecond)} | ${f(s.perSecond / h.perSecond, 2)} |`,
      );
    }
  }
} finally {
  await smtp.close();
}

/**
 * Sign-in throughput and latency at 1, 4 and 16 concurrent clients against the production build,
 * next to the throughput of the bare password hash (scrypt N=16384, r=16, p=1, 64 bytes, the
 * parameters Better Auth uses) measured in the same run on the same machine.
 *
 *   npm run build && npx tsx bench/sign-in/run.ts [seconds per level, default 10]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, scrypt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/server.js";
import { codeIn, startSmtpCapture } from "../../tests/support/smtp.js";

const SECONDS = Number(process.argv[2] ?? 10);
const LEVELS = [1, 4, 16];
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

async function startProductServer(smtpUrl: string) {
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
      SMTP_URL: smtpUrl,
      RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const smtp = await startSmtpCapture();
const server = await startProductServer(smtp.url);
const post = (p: string, body: unknown) =>
  fetch(`${server.baseUrl}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify(body),
  });
try {
  const email = "bench@example.com";
  await post("/api/auth/sign-up/email", { name: "Bench User", email, password: PASSWORD });
  const verified = await post("/api/auth/email-otp/verify-email", { email, otp: codeIn(await smtp.waitFor(email)) });
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);

  const signIn = async () => {
    const res = await post("/api/auth/sign-in/email", { email, password: PASSWORD });
    await res.arrayBuffer();
    return res.status === 200;
  };
  await load(2, 2, signIn); // warm-up
  const rows: { level: number; signIn: Result; hash: Result }[] = [];
  for (const level of LEVELS) {
    const s = await load(level, SECONDS, signIn);
    const h = await load(level, SECONDS, hash);
    rows.push({ level, signIn: s, hash: h });
  }
  const f = (n: number, d = 1) => n.toFixed(d);
  console.log(
    `\nNode ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), ${SECONDS} s per level, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 4}\n`,
  );
  console.log("| clients | sign-ins/s | p50 ms | p99 ms | errors | bare scrypt hashes/s | sign-in / hash |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const { level, signIn: s, hash: h } of rows) {
    console.log(
      `| ${level} | ${f(s.perSecond)} | ${f(s.p50)} | ${f(s.p99)} | ${s.errors} | ${f(h.perSecond)} | ${f(s.perSecond / h.perSecond, 2)} |`,
    );
  }
} finally {
  await server.stop();
  await smtp.close();
}

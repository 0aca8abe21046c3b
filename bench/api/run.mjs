// Throughput and latency of GET /api/v1/entitlements with a valid API key next to GET /healthz, on the
// embedded database (PGlite) and on PostgreSQL (BENCH_DATABASE_URL), with Redis when BENCH_REDIS_URL is
// set: autocannon, 20 s at 50 connections per row, rate limits off. The user and the key are made
// through the product's own routes (sign-up, the mailed code, the key page's endpoint).
// Run from the repository root after `npm run build` and `npm --prefix bench ci`:
//   node bench/api/run.mjs [--duration 20] [--connections 50]
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { assertRunning, load, machineLine, pinning, scratchDatabase, startServer, table } from "../lib.mjs";

const { values } = parseArgs({ options: { duration: { type: "string", default: "20" }, connections: { type: "string", default: "50" } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

/** An SMTP server keeping each message's recipient and text, to read the sign-up code. */
async function mailbox() {
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, session, callback) =>
      simpleParser(stream).then((m) => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: m.text ?? "" });
        callback();
      }, callback),
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${smtp.server.address().port}`,
    async codeFor(address) {
      for (let i = 0; i < 300; i++) {
        const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to.includes(address))?.text ?? "")?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code mailed to ${address}`);
    },
    close: () => smtp.close(),
  };
}

/** A verified user signed in through the product, and a personal key with the entitlements and teams scopes. */
async function keyOn(server, mail) {
  const post = (path, body, cookie) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = "correct horse battery";
  if (!(await post("/api/auth/sign-up/email", { name: "Bench Mark", email, password, legalConsent: true })).ok)
    throw new Error("sign-up failed");
  if (!(await post("/api/auth/email-otp/verify-email", { email, otp: await mail.codeFor(email) })).ok)
    throw new Error("verification failed");
  const signIn = await post("/api/auth/sign-in/email", { email, password });
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith("better-auth.session_token="))
    ?.split(";")[0];
  const created = await post(
    "/api/account/api-keys",
    { name: "bench", scopes: ["entitlements:read", "teams:read"], expiresInDays: 30 },
    cookie,
  );
  if (created.status !== 201) throw new Error(`key creation failed: ${created.status}`);
  return (await created.json()).key;
}

const mail = await mailbox();
const pinned = pinning();
const rows = [];

async function measure(label, databaseUrl, redisUrl) {
  const server = await startServer({ databaseUrl, env: { SMTP_URL: mail.url, REDIS_URL: redisUrl ?? "" }, cpu: pinned.server });
  try {
    const key = await keyOn(server, mail);
    for (const [endpoint, opts] of [
      ["GET /healthz", { url: `${server.url}/healthz` }],
      ["GET /api/v1/entitlements", { url: `${server.url}/api/v1/entitlements`, headers: { authorization: `Bearer ${key}` } }],
    ]) {
      const r = await load({ connections, duration, ...opts });
      assertRunning(server);
      rows.push({ label, endpoint, ...r });
      console.error(`${label} ${endpoint}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
    }
  } finally {
    await server.stop();
  }
}

try {
  await measure("PGlite", undefined);
  if (process.env.BENCH_DATABASE_URL) {
    const database = await scratchDatabase(process.env.BENCH_DATABASE_URL);
    try {
      await measure(process.env.BENCH_REDIS_URL ? "PostgreSQL + Redis" : "PostgreSQL", database.url, process.env.BENCH_REDIS_URL);
    } finally {
      await database.drop();
    }
  } else {
    console.error("BENCH_DATABASE_URL is not set: PostgreSQL skipped");
  }
} finally {
  mail.close();
}

console.log(`\n${machineLine()}`);
console.log(`autocannon, ${duration} s at ${connections} connections per row, rate limits off, ${pinned.line}\n`);
console.log(
  table(
    ["database", "endpoint", "req/s (mean)", "p50 ms", "p99 ms", "2xx", "non-2xx", "errors", "entitlements/healthz"],
    rows.map((r) => {
      const health = rows.find((h) => h.label === r.label && h.endpoint === "GET /healthz");
      const ratio = r.endpoint.startsWith("GET /api") && health ? `${((r.rps / health.rps) * 100).toFixed(0)} %` : "";
      return [r.label, r.endpoint, Math.round(r.rps), r.p50, r.p99, r.ok, r.non2xx, r.errors, ratio];
    }),
  ),
);

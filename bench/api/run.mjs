// Throughput and latency of GET /api/v1/entitlements with the extension's OAuth access token and with an
// API key, next to GET /healthz, on the embedded database (PGlite) and on PostgreSQL (BENCH_DATABASE_URL),
// with Redis when BENCH_REDIS_URL is set: autocannon, 20 s at 50 connections per row, rate limits off.
// The user, the token and the key are made through the product's own routes (sign-up, the mailed code,
// the extension's authorization with PKCE, the key page's endpoint). Each row also counts the database
// statements per request, read from the server's own metrics listener.
// Run from the repository root after `npm run build` and `npm --prefix bench ci`:
//   node bench/api/run.mjs [--duration 20] [--connections 50]
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { get } from "node:http";
import { parseArgs } from "node:util";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { assertRunning, freePort, load, machineLine, pinning, scratchDatabase, startServer, table } from "../lib.mjs";

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

const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
const EXTENSION_REDIRECT = `https://${EXTENSION_ID}.chromiumapp.org/oauth`;

/** A GET as a browser's navigation sends it; answers where the server redirects. */
function navigate(url, cookie) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { accept: "text/html", "sec-fetch-mode": "navigate", cookie } }, (res) => {
      res.resume();
      res.on("end", () => resolve(new URL(res.headers.location ?? "", url)));
    }).on("error", reject);
  });
}

/** The extension's access token for the signed-in `cookie`: authorization code with PKCE, then the exchange. */
async function accessTokenFor(server, cookie) {
  const verifier = randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: "extension",
    redirect_uri: EXTENSION_REDIRECT,
    scope: "openid entitlements:read teams:read",
    state: randomBytes(8).toString("hex"),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  const code = (await navigate(`${server.url}/api/auth/oauth2/authorize?${query}`, cookie)).searchParams.get("code");
  if (!code) throw new Error("no authorization code");
  const res = await fetch(`${server.url}/api/auth/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: "extension",
      redirect_uri: EXTENSION_REDIRECT,
    }),
  });
  if (!res.ok) throw new Error(`token exchange failed: ${res.status}`);
  return (await res.json()).access_token;
}

/** Database statements the server has run so far, from its metrics listener. */
async function statements(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  return Number(/^db_query_duration_seconds_count(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

/** Statements per request over `n` requests one after another (the outbox and job runner idle meanwhile). */
async function statementsPerRequest(metricsUrl, url, headers, n = 200) {
  const before = await statements(metricsUrl);
  for (let i = 0; i < n; i++) {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
  }
  return ((await statements(metricsUrl)) - before) / n;
}

/** A verified user signed in through the product, the extension's access token, and a personal key with the entitlements and teams scopes. */
async function credentialsOn(server, mail) {
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
  return { key: (await created.json()).key, token: await accessTokenFor(server, cookie) };
}

const mail = await mailbox();
const pinned = pinning();
const rows = [];

async function measure(label, databaseUrl, redisUrl) {
  const metricsPort = await freePort();
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const server = await startServer({
    databaseUrl,
    env: { SMTP_URL: mail.url, REDIS_URL: redisUrl ?? "", EXTENSION_IDS: EXTENSION_ID, METRICS_PORT: String(metricsPort) },
    cpu: pinned.server,
  });
  try {
    const { key, token } = await credentialsOn(server, mail);
    for (const [endpoint, opts] of [
      ["GET /healthz", { url: `${server.url}/healthz` }],
      [
        "GET /api/v1/entitlements, access token",
        { url: `${server.url}/api/v1/entitlements`, headers: { authorization: `Bearer ${token}` } },
      ],
      ["GET /api/v1/entitlements, API key", { url: `${server.url}/api/v1/entitlements`, headers: { authorization: `Bearer ${key}` } }],
    ]) {
      const perRequest = await statementsPerRequest(metricsUrl, opts.url, opts.headers);
      const r = await load({ connections, duration, ...opts });
      assertRunning(server);
      rows.push({ label, endpoint, perRequest, ...r });
      console.error(
        `${label} ${endpoint}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, ${perRequest} statements a request`,
      );
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
    ["database", "endpoint", "req/s (mean)", "p50 ms", "p99 ms", "2xx", "non-2xx", "errors", "of /healthz", "statements a request"],
    rows.map((r) => {
      const health = rows.find((h) => h.label === r.label && h.endpoint === "GET /healthz");
      const ratio = r.endpoint.startsWith("GET /api") && health ? `${((r.rps / health.rps) * 100).toFixed(0)} %` : "";
      return [r.label, r.endpoint, Math.round(r.rps), r.p50, r.p99, r.ok, r.non2xx, r.errors, ratio, r.perRequest.toFixed(2)];
    }),
  ),
);

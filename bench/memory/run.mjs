// Memory of one server instance under a steady mixed load: prerendered pages, locale catalogs,
// /healthz, contact requests, sign-in attempts (right and wrong passwords) and session look-ups, from
// many client addresses (rate limits on, as in production). RSS is sampled every 30 s; the report
// gives start, after warm-up and end, the least-squares slope after warm-up, and whether the
// memory grew beyond the noise of the samples.
// Run from the repository root after `npm run build`:
//   node bench/memory/run.mjs [--minutes 10] [--sample-seconds 30] [--clients 8] [--postgres]
// BENCH_MEMORY_MINUTES also sets the duration; --postgres uses a scratch database on BENCH_DATABASE_URL.
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { assertRunning, freePort, machineLine, scratchDatabase, startServer, table } from "../lib.mjs";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: process.env.BENCH_MEMORY_MINUTES ?? "10" },
    "sample-seconds": { type: "string", default: "30" },
    clients: { type: "string", default: "8" },
    postgres: { type: "boolean", default: false },
  },
});
const minutes = Number(values.minutes);
const sampleSeconds = Number(values["sample-seconds"]);
const clients = Number(values.clients);
// The first fifth of the run (at most 2 minutes) lets caches, JIT and connection pools settle.
const warmupSeconds = Math.min(120, (minutes * 60) / 5);
if (!(minutes > 0 && sampleSeconds > 0 && clients > 0)) throw new Error("--minutes, --sample-seconds and --clients must be positive");

// An SMTP sink that keeps the last message per recipient, for the verification code.
const lastMail = new Map();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then((mail) => {
      for (const r of session.envelope.rcptTo) lastMail.set(r.address.toLowerCase(), mail.text ?? "");
      callback();
    }, callback);
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

let database;
if (values.postgres) {
  if (!process.env.BENCH_DATABASE_URL) throw new Error("--postgres needs BENCH_DATABASE_URL (an admin URL)");
  database = await scratchDatabase(process.env.BENCH_DATABASE_URL);
}
const server = await startServer({
  databaseUrl: database?.url,
  env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT: "on", TRUSTED_IP_HEADER: "x-forwarded-for" },
});
const rssMb = () => Number(execFileSync("ps", ["-o", "rss=", "-p", String(server.pid)], { encoding: "utf8" }).trim()) / 1024;

// Each request comes from one of many client addresses, so per-client limits rarely apply and
// the limiter keeps many keys, as on a public site.
let clientNo = 0;
const nextClient = () => {
  const n = clientNo++ % 20_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
const request = (path, init = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { origin: server.url, "x-forwarded-for": nextClient(), "accept-encoding": "gzip, br", ...init.headers },
    signal: AbortSignal.timeout(30_000),
  });
const postJson = (path, body, headers = {}) =>
  request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const EMAIL = "memory@example.com";
const PASSWORD = "memory bench password";
let cookie = "";
let contactNo = 0;

async function signUp() {
  const signedUp = await postJson("/api/auth/sign-up/email", {
    name: "Memory Bench",
    email: EMAIL,
    password: PASSWORD,
    legalConsent: true,
  });
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  for (let i = 0; !lastMail.has(EMAIL); i++) {
    if (i > 300) throw new Error("no verification mail");
    await new Promise((r) => setTimeout(r, 100));
  }
  const otp = /\b(\d{6})\b/.exec(lastMail.get(EMAIL))?.[1];
  const verified = await postJson("/api/auth/email-otp/verify-email", { email: EMAIL, otp });
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);
  cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0];
}

// The mix, by weight: mostly pages and session look-ups, as a site with signed-in users sees.
const PAGES = ["/en", "/de", "/en/privacy-policy", "/de/imprint", "/en/terms", "/en/sign-in", "/de/sign-up", "/en/dashboard"];
const CATALOGS = ["common", "site", "landing", "contact", "auth", "dashboard"].flatMap((ns) => [
  `/locales/en/${ns}.json`,
  `/locales/de/${ns}.json`,
]);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const KINDS = [
  ["page", 30, () => request(pick(PAGES))],
  ["locale", 15, () => request(pick(CATALOGS))],
  ["healthz", 10, () => request("/healthz")],
  ["get-session", 25, () => request("/api/auth/get-session", { headers: { cookie } })],
  [
    "contact",
    12,
    () => {
      const n = contactNo++;
      return postJson("/api/send-contact", { name: `Load ${n}`, email: `load-${n}@example.com`, company: "Memory & Co" });
    },
  ],
  [
    "sign-in",
    8,
    () => postJson("/api/auth/sign-in/email", { email: EMAIL, password: Math.random() < 0.5 ? PASSWORD : "a wrong password" }),
  ],
];
const totalWeight = KINDS.reduce((sum, [, w]) => sum + w, 0);
const counts = new Map(KINDS.map(([name]) => [name, new Map()]));

function pickKind() {
  let r = Math.random() * totalWeight;
  for (const kind of KINDS) {
    r -= kind[1];
    if (r < 0) return kind;
  }
  return KINDS[0];
}

async function loop(until) {
  while (Date.now() < until) {
    const [name, , send] = pickKind();
    let status;
    try {
      const res = await send();
      await res.arrayBuffer();
      status = String(res.status);
    } catch {
      status = "error";
    }
    const byStatus = counts.get(name);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }
}

const samples = [];
let result;
let startupRss;
try {
  await new Promise((r) => setTimeout(r, 2000));
  startupRss = rssMb();
  await signUp();
  await new Promise((r) => setTimeout(r, 2000)); // idle after start-up
  samples.push({ t: 0, rss: rssMb() });
  const started = Date.now();
  const until = started + minutes * 60_000;
  const sampler = setInterval(() => {
    if (server.ended) return;
    const t = (Date.now() - started) / 1000;
    const rss = rssMb();
    samples.push({ t, rss });
    console.error(`${(t / 60).toFixed(1)} min: RSS ${rss.toFixed(0)} MB`);
  }, sampleSeconds * 1000);
  await Promise.all(Array.from({ length: clients }, () => loop(until)));
  clearInterval(sampler);
  assertRunning(server);
  samples.push({ t: (Date.now() - started) / 1000, rss: rssMb() });
  result = analyse(samples);
} finally {
  await server.stop();
  await database?.drop();
  smtp.close();
}

/** Least-squares line through the samples after warm-up, and the scatter around it. */
function analyse(all) {
  const after = all.filter((s) => s.t >= warmupSeconds);
  const warm = after[0] ?? all[all.length - 1];
  const end = all[all.length - 1];
  const n = after.length;
  const mt = after.reduce((a, s) => a + s.t, 0) / n;
  const mr = after.reduce((a, s) => a + s.rss, 0) / n;
  const sxx = after.reduce((a, s) => a + (s.t - mt) ** 2, 0);
  const slopePerSecond = n > 1 && sxx > 0 ? after.reduce((a, s) => a + (s.t - mt) * (s.rss - mr), 0) / sxx : 0;
  const residuals = after.map((s) => s.rss - (mr + slopePerSecond * (s.t - mt)));
  const sd = n > 2 ? Math.sqrt(residuals.reduce((a, r) => a + r * r, 0) / (n - 2)) : 0;
  const rise = slopePerSecond * (end.t - warm.t);
  // Growth counts when the fitted rise exceeds both the scatter of the samples and 5 % of the warm size.
  const threshold = Math.max(3 * sd, 0.05 * warm.rss);
  return { start: all[0], warm, end, samples: n, slopePerMinute: slopePerSecond * 60, rise, sd, threshold, grows: rise > threshold };
}

const mb = (v) => `${v.toFixed(0)} MB`;
const min = (t) => `${(t / 60).toFixed(1)} min`;
console.log(`\n${machineLine()}`);
console.log(
  `${minutes} min of mixed load, ${clients} concurrent clients, ${values.postgres ? "PostgreSQL" : "PGlite"}, RSS every ${sampleSeconds} s, warm-up ${min(warmupSeconds)}\n`,
);
console.log(
  table(
    ["measure", "value"],
    [
      ["RSS 2 s after start-up, before any request", mb(startupRss)],
      ["RSS at start of the load (idle, account created)", mb(result.start.rss)],
      [`RSS after warm-up (${min(result.warm.t)})`, mb(result.warm.rss)],
      [`RSS at end (${min(result.end.t)})`, mb(result.end.rss)],
      [`slope after warm-up (${result.samples} samples, least squares)`, `${result.slopePerMinute.toFixed(2)} MB/min`],
      ["fitted rise after warm-up / scatter (sd)", `${result.rise.toFixed(1)} MB / ${result.sd.toFixed(1)} MB`],
      [
        "verdict",
        result.grows
          ? `grows: rise above ${result.threshold.toFixed(1)} MB (3 sd or 5 % of warm RSS)`
          : `no growth beyond noise (rise within ${result.threshold.toFixed(1)} MB: 3 sd or 5 % of warm RSS)`,
      ],
    ],
  ),
);
console.log("");
console.log(
  table(
    ["requests", "total", "by status"],
    [...counts].map(([name, byStatus]) => [
      name,
      [...byStatus.values()].reduce((a, b) => a + b, 0),
      [...byStatus]
        .sort()
        .map(([s, c]) => `${s}: ${c}`)
        .join(", "),
    ]),
  ),
);
console.log(`\nRSS samples (min: MB): ${samples.map((s) => `${(s.t / 60).toFixed(1)}: ${s.rss.toFixed(0)}`).join(", ")}`);

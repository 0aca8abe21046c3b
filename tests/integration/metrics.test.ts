import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { botCheckHeaders } from "../support/bot-check.js";
import { ownRedis, redisServerAvailable } from "../support/own-redis.js";
import { freePort, startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { totpCode } from "../support/totp.js";
import { json, signedInUser, type TestUser } from "../support/users.js";

/** The value of one series in Prometheus' text format, 0 when it is not there yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inner = /\{([^}]*)\}/.exec(line)?.[1] ?? "";
    if (wanted.every((w) => inner.split(",").includes(w))) return Number(line.split(" ").at(-1));
  }
  return 0;
}

/** The sum of a series over every label set that has `labels`. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let sum = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inner = /\{([^}]*)\}/.exec(line)?.[1] ?? "";
    if (wanted.every((w) => inner.split(",").includes(w))) sum += Number(line.split(" ").at(-1));
  }
  return sum;
}

describe("metrics on METRICS_PORT", () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let metricsUrl: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    server = await startTestServer("pglite", {
      SMTP_URL: smtp.url,
      METRICS_PORT: String(port),
      CONTACT_INBOX: "inbox@example.com",
      // The per-account sign-in limit refuses the sixth attempt below.
      RATE_LIMIT: "on",
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const scrape = async () => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return res.text();
  };

  it("counts requests by route pattern and status class, mails sent, and shows the process", async () => {
    const before = await scrape();
    const res = await server.fetch("/api/send-contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Metric Mia", email: "mia@example.com" }),
    });
    expect(res.status).toBe(201);
    await server.fetch("/en");
    await server.fetch("/api/teams/some-team-id/domains");
    await smtp.waitFor("mia@example.com");

    await expect
      .poll(
        async () =>
          sample(await scrape(), "mail_sends_total", { outcome: "sent" }) - sample(before, "mail_sends_total", { outcome: "sent" }),
      )
      .toBeGreaterThanOrEqual(2);
    const after = await scrape();
    const contact = { route: "/api/send-contact", method: "POST", status: "2xx" };
    expect(sample(after, "http_requests_total", contact) - sample(before, "http_requests_total", contact)).toBe(1);
    expect(sample(after, "http_request_duration_seconds_count", { route: "/api/send-contact", method: "POST" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "http_requests_total", { route: "page", method: "GET", status: "2xx" })).toBeGreaterThanOrEqual(1);
    // A path with an id is counted under its pattern, not under the id.
    expect(after).not.toContain("some-team-id");
    expect(sample(after, "http_requests_total", { route: "/api/teams/:teamId/domains", method: "GET", status: "4xx" })).toBe(1);
    expect(sample(after, "mail_outbox_unsent")).toBe(0);
    expect(sample(after, "nodejs_eventloop_lag_seconds")).toBeGreaterThan(0);
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts a sign-up, failed sign-ins, a rate-limited one, database statements, the pool and the job runner's lag", async () => {
    const before = await scrape();
    const post = (path: string, body: unknown) =>
      server.fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const signUp = await post("/api/auth/sign-up/email", {
      name: "Metric Max",
      email: "max@example.com",
      password: "a long and unusual passphrase 7",
      legalConsent: true,
    });
    expect(signUp.ok).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post("/api/auth/sign-in/email", { email: "max@example.com", password: "not the passphrase at all" })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(delta("auth_sign_ups_total", { method: "password" })).toBe(1);
    expect(delta("auth_sign_ins_total", { method: "password", outcome: "failure" })).toBe(5);
    expect(delta("auth_sign_ins_total", { outcome: "success" })).toBe(0);
    expect(delta("rate_limit_refusals_total")).toBe(1);
    expect(delta("db_query_duration_seconds_count")).toBeGreaterThan(5);
    expect(total(after, "db_pool_connections", { state: "idle" }) + total(after, "db_pool_connections", { state: "used" })).toBe(1);
    expect(total(after, "db_pool_waiting_clients")).toBe(0);
    // The contact request's mails of the first test were claimed by the runner.
    expect(total(after, "job_lag_seconds_count", { kind: "mail-delivery" })).toBeGreaterThanOrEqual(1);
    expect(total(after, "redis_errors_total")).toBe(0);
  });

  it("counts a sign-in sent on to the second step, the second step's wrong and right answers, and a plain sign-in", async () => {
    const before = await scrape();
    const user = await signedInUser(server, smtp, "Second Step Sam");
    const withSession = (body: unknown, cookie: string) => json(body, { cookie });
    const enable = await server.fetch("/api/auth/two-factor/enable", withSession({ password: "correct horse battery" }, user.cookie));
    expect(enable.status).toBe(200);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    // Confirming the authenticator is no sign-in's second step.
    expect((await server.fetch("/api/auth/two-factor/verify-totp", withSession({ code: totpCode(totpURI) }, user.cookie))).status).toBe(
      200,
    );

    const passwordStep = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: "correct horse battery" }));
    expect(await passwordStep.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = passwordStep.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await server.fetch("/api/auth/two-factor/verify-totp", withSession({ code: "000000" }, pending))).status).toBe(401);
    const code = totpCode(totpURI, Date.now() + 30_000);
    expect((await server.fetch("/api/auth/two-factor/verify-totp", withSession({ code }, pending))).status).toBe(200);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(delta("auth_sign_ins_total", { method: "password", outcome: "success" })).toBe(1);
    expect(delta("auth_sign_ins_total", { method: "password", outcome: "second_factor" })).toBe(1);
    expect(delta("auth_second_factor_challenges_total", { outcome: "issued" })).toBe(1);
    expect(delta("auth_second_factor_challenges_total", { outcome: "failed" })).toBe(1);
    expect(delta("auth_second_factor_challenges_total", { outcome: "passed" })).toBe(1);
  });

  // After the tests above, which make the series that appear with their first event.
  it("has every series the example dashboard and alert rules in deploy/monitoring use", async () => {
    const text = await scrape();
    const used = ["deploy/monitoring/grafana-dashboard.json", "deploy/monitoring/alerts.yaml"].flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\b((?:http|mail|nodejs|process|auth|db|job|redis|rate_limit|bot_check)_[a-z0-9_]+)/g)].map(
        (m) => m[1] as string,
      ),
    );
    expect(used.length).toBeGreaterThan(5);
    for (const name of new Set(used)) expect(text, name).toMatch(new RegExp(`^${name}[ {]`, "m"));
  });

  it("is not served on the public port", async () => {
    const res = await server.fetch("/metrics");
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain("http_requests_total");
  });
});

// Bot protection on and a Redis of the test's own, which it stops.
describe.skipIf(!redisServerAvailable())("metrics of bot-check refusals, Redis errors and bans", () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let redis: ReturnType<typeof ownRedis>;
  let metricsUrl: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    redis = ownRedis(await freePort());
    await redis.start();
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    server = await startTestServer("pglite", {
      SMTP_URL: smtp.url,
      METRICS_PORT: String(port),
      REDIS_URL: redis.url,
      BOT_PROTECTION: "on",
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
    await smtp?.close();
  });

  const scrape = async () => (await fetch(metricsUrl)).text();
  const contact = (headers: Record<string, string> = {}) =>
    server.fetch("/api/send-contact", json({ name: "Bot Check Bo", email: "bo@example.com" }, headers));

  it("counts a ban, a bot check refused for a missing solution and one refused while Redis is away, and Redis's errors", async () => {
    const before = await scrape();
    const [operator, user] = (await Promise.all(
      ["Olga Operator", "Bert Banned"].map(async (name) => signedInUser(server, smtp, name, await botCheckHeaders(server.localUrl))),
    )) as [TestUser, TestUser];
    await setOperatorRole(server.db, operator.email, true);
    const ban = await server.fetch(`/api/admin/users/${user.id}/ban`, json({ reason: "Counting bans" }, { cookie: operator.cookie }));
    expect(ban.status).toBe(200);
    expect((await contact()).status).toBe(400);

    // A solution that cannot be marked as used while Redis is away is refused, not accepted twice.
    const solved = await botCheckHeaders(server.localUrl);
    await redis.stop();
    const refused = await contact(solved);
    expect(refused.status).toBe(503);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(delta("auth_bans_total")).toBe(1);
    expect(delta("bot_check_refusals_total", { reason: "invalid" })).toBe(1);
    expect(delta("bot_check_refusals_total", { reason: "unavailable" })).toBe(1);
    expect(delta("redis_errors_total")).toBeGreaterThanOrEqual(1);
  });
});

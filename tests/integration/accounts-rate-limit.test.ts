import { randomInt } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { signedInUser } from "./billing-support.js";

const REDIS_URL = process.env.TEST_REDIS_URL;

/** A client address of its own per test run, so buckets in a shared Redis never collide. */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const post = (body: unknown, ip: string, lang = "en") => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": ip, "accept-language": lang },
  body: JSON.stringify(body),
});

describe.each(DATABASE_KINDS)("rate limits on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, RATE_LIMIT: "on", TRUSTED_IP_HEADER: "x-forwarded-for" });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("stops a sixth sign-in attempt within a minute with a translated message", async () => {
    const ip = clientAddress();
    const attempt = (lang?: string) =>
      server.fetch("/api/auth/sign-in/email", post({ email: "x@example.com", password: "wrong-password" }, ip, lang));
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt("de");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({
      code: "too_many_requests",
      message: "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    });
    // Another client is not affected.
    expect(
      (await server.fetch("/api/auth/sign-in/email", post({ email: "x@example.com", password: "wrong-password" }, clientAddress()))).status,
    ).toBe(401);
  });

  it("counts sign-ins per account at an address: an office's seven sign-ins pass, guessing one account is stopped", async () => {
    const office = clientAddress();
    // Two colleagues' accounts, made from addresses of their own.
    const [ada, max, eve] = [
      await signedInUser(server, smtp, "Ada Office", { "x-forwarded-for": clientAddress() }),
      await signedInUser(server, smtp, "Max Office", { "x-forwarded-for": clientAddress() }),
      await signedInUser(server, smtp, "Eve Elsewhere", { "x-forwarded-for": clientAddress() }),
    ];
    const signIn = (email: string, password = "correct horse battery") =>
      server.fetch("/api/auth/sign-in/email", post({ email, password }, office));
    // Signing in, adding the second account, switching back and forth: seven sign-ins from one address.
    const statuses: number[] = [];
    for (const user of [ada, max, ada, max, ada, max, ada]) statuses.push((await signIn(user.email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // Guessing one account's password from the same address: the sixth guess is refused.
    const guesses: number[] = [];
    for (let i = 0; i < 6; i++) guesses.push((await signIn(eve.email, "wrong-password")).status);
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
    // The office is not locked out: a colleague still signs in.
    expect((await signIn(max.email)).status).toBe(200);
  });

  it("limits sign-up, code verification and resending codes", async () => {
    const ip = clientAddress();
    const statuses = async (path: string, body: unknown, times: number) => {
      const out: number[] = [];
      for (let i = 0; i < times; i++) out.push((await server.fetch(path, post(body, ip))).status);
      return out;
    };
    expect((await statuses("/api/auth/sign-up/email", { name: "A", email: "not-an-email", password: "x" }, 6)).at(-1)).toBe(429);
    expect((await statuses("/api/auth/email-otp/verify-email", { email: "a@example.com", otp: "000000" }, 6)).at(-1)).toBe(429);
    const resend = await statuses("/api/auth/email-otp/send-verification-otp", { email: "a@example.com", type: "email-verification" }, 4);
    expect(resend.slice(0, 3).every((s) => s === 200)).toBe(true);
    expect(resend[3]).toBe(429);
  });

  it("never limits session reads: 150 in a minute from one address all answer", async () => {
    const ip = clientAddress();
    const statuses: number[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => server.fetch("/api/auth/get-session", { headers: { "x-forwarded-for": ip } })),
      );
      statuses.push(...answers.map((res) => res.status));
    }
    expect(statuses).toHaveLength(150);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});

describe.runIf(REDIS_URL)("rate limits shared through Redis", () => {
  let servers: TestServer[] = [];
  beforeAll(async () => {
    const env = { RATE_LIMIT: "on", TRUSTED_IP_HEADER: "x-forwarded-for", REDIS_URL: REDIS_URL as string };
    servers = [await startTestServer("pglite", env), await startTestServer("pglite", env)];
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it("counts attempts against two instances in one bucket", async () => {
    const ip = clientAddress();
    const [a, b] = servers as [TestServer, TestServer];
    const attempt = (s: TestServer) => s.fetch("/api/auth/sign-in/email", post({ email: "x@example.com", password: "wrong-password" }, ip));
    for (let i = 0; i < 3; i++) expect((await attempt(a)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await attempt(b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    const redis = new Redis(REDIS_URL as string);
    try {
      expect((await redis.keys(`*${ip}*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});

import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppEnv, setLanguage } from "../../server/http/context.js";
import { errorResponse } from "../../server/http/errors.js";
import { memoryCounter, rateLimit } from "../../server/http/rate-limit.js";
import { redisStore } from "../../server/kv.js";
import { startTestServer, type TestServer } from "../support/server.js";

/** Starting a server on a fresh embedded database can take long on a busy machine. */
const START_TIMEOUT = 120_000;

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const send = (server: TestServer, i: number, lang = "en") =>
  server.fetch("/api/send-contact", {
    method: "POST",
    headers: { "content-type": "application/json", "x-language": lang },
    body: JSON.stringify({ name: `Rate ${i}`, email: `rate-${i}@example.com` }),
  });

describe("the contact form's rate limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", { RATE_LIMIT: "on" });
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
  });

  it("accepts five requests a minute from one address, then answers 429 with Retry-After in the page's language", async () => {
    for (let i = 0; i < 5; i++) expect((await send(server, i)).status).toBe(201);
    const limited = await send(server, 5, "de");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // Counted over the last minute, estimated from two fixed windows: the wait ends within two of them.
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(await limited.json()).toEqual({
      message: `Sie haben in kurzer Zeit mehrere Anfragen gesendet. Bitte versuchen Sie es in ${retryAfter} Sekunden erneut.`,
      code: "too_many_requests",
    });
    const stored = await server.db.selectFrom("contact_request").select("name").execute();
    expect(stored).toHaveLength(5);
  });
});

/** A minimal app around the limiter, as any route would use it. */
function limitedApp(opts: Partial<Parameters<typeof rateLimit>[0]> & { ip: string }) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("clientIp", c.req.header("x-test-ip") ?? opts.ip);
    c.set("log", pino({ level: "silent" }));
    setLanguage(c, "en");
    await next();
  });
  app.post("/x", rateLimit({ name: "test", limit: 2, windowSeconds: 60, enabled: true, code: "contactTooManyRequests", ...opts }), (c) =>
    c.text("ok"),
  );
  app.onError(errorResponse);
  return app;
}

describe("rateLimit", () => {
  it("counts each client address separately", async () => {
    const app = limitedApp({ ip: "198.51.100.1" });
    const hit = (ip: string) => app.request("/x", { method: "POST", headers: { "x-test-ip": ip } });
    expect((await hit("198.51.100.1")).status).toBe(200);
    expect((await hit("198.51.100.1")).status).toBe(200);
    expect((await hit("198.51.100.1")).status).toBe(429);
    expect((await hit("198.51.100.2")).status).toBe(200);
  });

  it("counts over the last minute, so a burst across the turn of a minute is refused too", async () => {
    let now = 1_000 * 60_000 - 100; // a tenth of a second before a minute turns
    const app = limitedApp({ ip: "198.51.100.3", now: () => now });
    const hit = () => app.request("/x", { method: "POST" });
    expect((await hit()).status).toBe(200);
    expect((await hit()).status).toBe(200);
    now += 200;
    const limited = await hit();
    expect(limited.status).toBe(429);
    // The two hits of the last minute weigh less as it passes; with the refused one counted, the next is accepted when this minute is over.
    expect(limited.headers.get("retry-after")).toBe("60");
    now += 59_000;
    expect((await hit()).status).toBe(429);
  });

  it("tells the wait after which the next request is accepted; a request a second early is refused and told the rest", async () => {
    let now = 1_000 * 60_000 + 20_000; // 20 s into a window
    const app = limitedApp({ ip: "198.51.100.5", now: () => now });
    const hit = () => app.request("/x", { method: "POST" });
    for (let i = 0; i < 2; i++) expect((await hit()).status).toBe(200);
    const limited = await hit();
    expect(limited.status).toBe(429);
    now += Number(limited.headers.get("retry-after")) * 1000 - 1_000;
    const early = await hit();
    expect(early.status).toBe(429);
    // The early request counts as well, so the rest of the wait is what it says, not the one second left.
    now += Number(early.headers.get("retry-after")) * 1000;
    expect((await hit()).status).toBe(200);
  });

  it("does nothing when RATE_LIMIT is off", async () => {
    const app = limitedApp({ ip: "198.51.100.4", enabled: false });
    for (let i = 0; i < 5; i++) expect((await app.request("/x", { method: "POST" })).status).toBe(200);
  });

  it("forgets expired in-process counters", async () => {
    let now = 0;
    const counter = memoryCounter(() => now);
    expect(await counter.increment("a", 1)).toBe(1);
    expect(await counter.increment("a", 1)).toBe(2);
    now = 1_000;
    expect(await counter.increment("a", 1)).toBe(1);
  });

  describe("with Redis", () => {
    const store = redisStore(REDIS_URL);
    afterAll(() => store.close());

    it("shares one count between two server instances", async () => {
      const name = `test-${randomBytes(6).toString("hex")}`;
      const first = limitedApp({ ip: "203.0.113.9", name, kv: store.kv });
      const second = limitedApp({ ip: "203.0.113.9", name, kv: store.kv });
      expect((await first.request("/x", { method: "POST" })).status).toBe(200);
      expect((await second.request("/x", { method: "POST" })).status).toBe(200);
      const limited = await first.request("/x", { method: "POST" });
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({
        message: `You have sent several requests in a short time. Please try again in ${limited.headers.get("retry-after")} seconds.`,
        code: "too_many_requests",
      });
    });

    it("keeps serving and counts in this instance when Redis cannot be reached", async () => {
      const broken = redisStore("redis://127.0.0.1:1");
      try {
        const app = limitedApp({ ip: "203.0.113.10", kv: broken.kv, limit: 1 });
        expect((await app.request("/x", { method: "POST" })).status).toBe(200);
        expect((await app.request("/x", { method: "POST" })).status).toBe(429);
      } finally {
        await broken.close();
      }
    });
  });
});

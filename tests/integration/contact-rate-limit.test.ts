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
    // The window is a fixed minute: start well inside one so all six requests fall into it.
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 50_000) await new Promise((r) => setTimeout(r, 60_100 - intoWindow));
    for (let i = 0; i < 5; i++) expect((await send(server, i)).status).toBe(201);
    const limited = await send(server, 5, "de");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
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

  it("opens a new window when the old one has passed", async () => {
    let now = 1_000 * 60_000 + 20_000; // 20 s into a window
    const app = limitedApp({ ip: "198.51.100.3", now: () => now });
    for (let i = 0; i < 2; i++) await app.request("/x", { method: "POST" });
    const limited = await app.request("/x", { method: "POST" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("40");
    now += 40_000;
    expect((await app.request("/x", { method: "POST" })).status).toBe(200);
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

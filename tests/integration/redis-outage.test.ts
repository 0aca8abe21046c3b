import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownRedis, redisServerAvailable } from "../support/own-redis.js";
import { freePort, startTestServer, type TestServer } from "../support/server.js";

// With Redis configured, sessions and sign-in limits live there: while it is down, sign-in is
// refused with a clear 503 and everything else keeps serving (see docs/decisions).
describe.skipIf(!redisServerAvailable())("Redis outage", () => {
  let redis: ReturnType<typeof ownRedis>;
  let server: TestServer;

  beforeAll(async () => {
    redis = ownRedis(await freePort());
    await redis.start();
    server = await startTestServer("pglite", { REDIS_URL: redis.url, RATE_LIMIT: "on" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  const signIn = () =>
    server.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "de" },
      body: JSON.stringify({ email: "nobody@example.com", password: "a long password" }),
    });

  it("refuses sign-in clearly while Redis is down, keeps serving pages, and recovers", async () => {
    expect((await signIn()).status).toBe(401);
    expect(await (await server.fetch("/readyz")).json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", redis: "ok" },
    });

    await redis.stop();
    const started = Date.now();
    const during = await signIn();
    expect(during.status).toBe(503);
    expect((await during.json()).message).toMatch(/vorübergehend nicht erreichbar/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await server.fetch("/de")).status).toBe(200);
    expect((await server.fetch("/healthz")).status).toBe(200);
    // Not ready, naming Redis; liveness stays 200 (the process need not be restarted).
    const ready = await server.fetch("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: "not_ready", failing: ["redis"], checks: { database: "ok", redis: "unreachable" } });

    await redis.start();
    await expect.poll(async () => (await signIn()).status, { timeout: 15_000 }).toBe(401);
    expect((await server.fetch("/readyz")).status).toBe(200);
  }, 60_000);
});

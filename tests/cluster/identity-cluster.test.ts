import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster } from "../support/cluster.js";
import { nginxBinary } from "../support/nginx.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

const json = (body: unknown, cookie?: string) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

describe.skipIf(!redisUrl || !postgres || !nginxBinary())("two instances behind a load balancer", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    cluster = await startCluster({ instances: 2, redisUrl: redisUrl as string, env: { SMTP_URL: smtp.url, RATE_LIMIT: "on" } });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.close();
  });

  it("spreads requests over both instances", async () => {
    for (let i = 0; i < 4; i++) expect((await cluster.fetch("/readyz")).status).toBe(200);
    expect(cluster.served.size).toBe(2);
    expect([...cluster.served.values()].every((n) => n >= 2)).toBe(true);
  });

  it("keeps hashed assets in nginx's cache, one copy per encoding", async () => {
    const page = await (await cluster.fetch("/en")).text();
    const asset = page.match(/\/assets\/[\w.-]+\.js/)?.[0] as string;
    expect(asset).toBeTruthy();
    const get = (encoding: string) => cluster.fetch(asset, { headers: { "accept-encoding": encoding } });
    const first = await get("gzip, deflate, br");
    expect(first.headers.get("x-cache-status")).toBe("MISS");
    expect(first.headers.get("content-encoding")).toBe("br");
    const again = await get("br, gzip");
    expect(again.headers.get("x-cache-status")).toBe("HIT");
    expect(again.headers.get("content-encoding")).toBe("br");
    expect(again.headers.get("cache-control")).toContain("immutable");
    // Another encoding is its own entry: never a brotli body to a client that asked for gzip only.
    const gzip = await get("gzip");
    expect(gzip.headers.get("x-cache-status")).toBe("MISS");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect((await get("gzip")).headers.get("x-cache-status")).toBe("HIT");
  });

  it("keeps a session valid on every instance and ends it everywhere on sign-out", async () => {
    const email = "cluster@example.com";
    expect(
      (
        await cluster.fetch(
          "/api/auth/sign-up/email",
          json({ name: "Cluster User", email, password: "a long password", legalConsent: true }),
        )
      ).status,
    ).toBe(200);
    const code = codeIn(await smtp.waitFor(email));
    const verified = await cluster.fetch("/api/auth/email-otp/verify-email", json({ email, otp: code }));
    expect(verified.status).toBe(200);
    const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] as string;

    // Consecutive requests go to different instances.
    for (let i = 0; i < 4; i++) {
      const session = await cluster.fetch("/api/auth/get-session", { headers: { cookie } });
      expect((await session.json())?.user?.email).toBe(email);
    }
    expect((await cluster.fetch("/api/auth/sign-out", json({}, cookie))).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const session = await cluster.fetch("/api/auth/get-session", { headers: { cookie } });
      expect(await session.json()).toBeNull();
    }
  });

  it("counts sign-in attempts across instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await cluster.fetch("/api/auth/sign-in/email", json({ email: "brute@example.com", password: `guess-${i}-long` }));
      statuses.push(res.status);
    }
    // Five attempts a minute per client, wherever they land.
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("loses no accepted sign-up when an instance is killed under load, and keeps serving", async () => {
    const accepted: string[] = [];
    const attempts = Array.from({ length: 40 }, (_, i) => `load-${i}@example.com`);
    const work = attempts.map(async (email, i) => {
      await new Promise((r) => setTimeout(r, i * 15));
      const res = await cluster.fetch("/api/auth/sign-up/email", {
        ...json({ name: "Load Test", email, password: "a long password", legalConsent: true }),
        // A different client address per sign-up, so the sign-up limit does not interfere.
        headers: { "content-type": "application/json", "x-simulated-client": `10.0.0.${i + 1}` },
      });
      if (res.status === 200) accepted.push(email);
    });
    setTimeout(() => cluster.kill(0), 200);
    await Promise.all(work);

    expect(cluster.instances[0]?.alive).toBe(false);
    expect(accepted.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: cluster.database.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ email: string }>('select email from "user" where email like $1', ["load-%"]);
    await client.end();
    const stored = new Set(rows.map((r) => r.email));
    for (const email of accepted) expect(stored.has(email), email).toBe(true);
    expect((await cluster.fetch("/healthz")).status).toBe(200);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

// Two instances on one PostgreSQL database and one Redis, as behind a load balancer.
describe.skipIf(!redisUrl || !postgres)("sessions shared by two instances through PostgreSQL and Redis", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Both instances get the same secret and the same public address, as a deployment would.
    const env = { SMTP_URL: smtp.url, REDIS_URL: redisUrl as string, AUTH_SECRET: "shared-secret-shared-secret-shared-1" };
    a = await startTestServer("postgres", env);
    b = await startTestServer("postgres", { ...env, BASE_URL: a.config.BASE_URL }, a.database);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await smtp?.close();
  });

  const post = (server: TestServer, path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.config.BASE_URL, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it("a session made on one instance is valid on the other, and signing out on one ends it on both", async () => {
    const email = "shared@example.com";
    expect(
      (await post(a, "/api/auth/sign-up/email", { name: "Grace Hopper", email, password: "a long password", legalConsent: true })).status,
    ).toBe(200);
    const code = codeIn(await smtp.waitFor(email));
    expect((await post(b, "/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);

    const signIn = await post(a, "/api/auth/sign-in/email", { email, password: "a long password" });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const onB = await fetch(`${b.url}/api/auth/get-session`, { headers: { cookie } });
    expect((await onB.json())?.user?.email).toBe(email);

    expect((await post(b, "/api/auth/sign-out", {}, cookie)).status).toBe(200);
    const afterOnA = await fetch(`${a.url}/api/auth/get-session`, { headers: { cookie } });
    expect(await afterOnA.json()).toBeNull();
  });
});

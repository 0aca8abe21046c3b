import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = "a long password";

// Two instances on one PostgreSQL database and one Redis, as behind a load balancer.
describe.skipIf(!redisUrl || !postgres)("a ban on one instance, with PostgreSQL and Redis", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const env = { SMTP_URL: smtp.url, REDIS_URL: redisUrl as string, AUTH_SECRET: "shared-secret-shared-secret-shared-2" };
    a = await startTestServer("postgres", env);
    b = await startTestServer("postgres", { ...env, BASE_URL: a.config.BASE_URL }, a.database);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await smtp?.close();
  });

  const post = (server: TestServer, path: string, body: unknown, cookie?: string) =>
    server.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const session = async (server: TestServer, cookie: string) =>
    (await server.fetch("/api/auth/get-session", { headers: { cookie } })).json();

  async function signedIn(email: string, name: string) {
    expect((await post(a, "/api/auth/sign-up/email", { name, email, password: PASSWORD, legalConsent: true })).status).toBe(200);
    expect((await post(b, "/api/auth/email-otp/verify-email", { email, otp: codeIn(await smtp.waitFor(email)) })).status).toBe(200);
    const signIn = await post(b, "/api/auth/sign-in/email", { email, password: PASSWORD });
    return (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
  }

  it("signs the user out on the other instance at once and refuses their sign-in there", async () => {
    const operatorCookie = await signedIn("operator@example.com", "Olga Operator");
    await setOperatorRole(a.db, "operator@example.com", true);
    const userCookie = await signedIn("banned@example.com", "Bruno Banned");
    // The session is read on both instances first, so each has seen it.
    const { user } = await session(b, userCookie);
    expect((await session(a, userCookie)).user.id).toBe(user.id);

    expect((await post(a, `/api/admin/users/${user.id}/ban`, { reason: "Spam" }, operatorCookie)).status).toBe(200);
    expect(await session(b, userCookie)).toBeNull();
    const refused = await post(b, "/api/auth/sign-in/email", { email: "banned@example.com", password: PASSWORD });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("banned_user");
  });
});

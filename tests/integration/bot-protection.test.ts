import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botCheck, CHALLENGE_SECONDS } from "../../server/bot-protection/challenges.js";
import { replayStore } from "../../server/bot-protection/replay-store.js";
import { json } from "../integration/billing-support.js";
import { CAPTCHA_HEADER, solve, solvedChallenge } from "../support/bot-check.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";

const START_TIMEOUT = 120_000;
const INVALID = {
  en: "The automatic check against bots did not succeed. Please try again.",
  de: "Die automatische Prüfung gegen Bots war nicht erfolgreich. Bitte versuchen Sie es erneut.",
};
const CONTACT = { name: "Grace Hopper", email: "grace@example.com", message: "A question about the pro plan." };
const SIGN_UP = { name: "Ada Lovelace", email: "ada@example.com", password: "correct horse battery", legalConsent: true };

async function expectInvalid(res: Response, lang: "en" | "de" = "en") {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ code: "captcha_invalid", message: INVALID[lang] });
}

describe.each(DATABASE_KINDS)("bot protection (proof of work) on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { BOT_PROTECTION: "on" });
  }, START_TIMEOUT);
  afterAll(() => server?.stop());

  const solved = () => solvedChallenge(server.localUrl);
  const contacts = async () => (await server.db.selectFrom("contact_request").select("id").execute()).length;

  it("issues signed challenges that expire, tells the pages it is on, and never lets them be cached", async () => {
    const res = await server.fetch("/api/bot-protection/challenge");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const challenge = await res.json();
    expect(challenge.parameters.algorithm).toBe("SHA-256");
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + CHALLENGE_SECONDS - 60);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + CHALLENGE_SECONDS + 1);
    expect(await (await server.fetch("/api/site-config")).json()).toMatchObject({ botProtection: true });
  });

  it("refuses a contact request without a solution, with a wrong one and with a used one, and stores nothing of them", async () => {
    const before = await contacts();
    await expectInvalid(await server.fetch("/api/send-contact", json(CONTACT)));
    await expectInvalid(await server.fetch("/api/send-contact", json(CONTACT, { "x-language": "de" })), "de");
    await expectInvalid(await server.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: "not a solution" })));

    // A correct counter with another key, and a challenge whose signed parameters were changed.
    const payload = JSON.parse(Buffer.from(await solved(), "base64").toString());
    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: "00".repeat(32) } };
    const easier = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, keyPrefix: "00" } } };
    for (const forged of [wrongKey, easier]) {
      const header = Buffer.from(JSON.stringify(forged)).toString("base64");
      await expectInvalid(await server.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: header })));
    }
    expect(await contacts()).toBe(before);

    const solution = await solved();
    expect((await server.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: solution }))).status).toBe(201);
    await expectInvalid(await server.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: solution })));
    expect(await contacts()).toBe(before + 1);
  });

  it("refuses a solution of an expired challenge", async () => {
    // A challenge signed with this server's secret, issued longer ago than a challenge lives.
    const issuedEarlier = botCheck({
      enabled: true,
      difficulty: 1000,
      cost: 1,
      secret: server.config.AUTH_SECRET,
      replays: replayStore(undefined),
      now: () => Date.now() - (CHALLENGE_SECONDS + 60) * 1000,
    });
    const expired = await solve(await issuedEarlier.issue());
    await expectInvalid(await server.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: expired })));
  });

  it("asks for a solution on sign-up and on password reset, and a solution of one cannot be used for the other", async () => {
    await expectInvalid(await server.fetch("/api/auth/sign-up/email", json(SIGN_UP)));
    const solution = await solved();
    expect((await server.fetch("/api/auth/sign-up/email", json(SIGN_UP, { [CAPTCHA_HEADER]: solution }))).status).toBe(200);

    const reset = { email: SIGN_UP.email };
    await expectInvalid(await server.fetch("/api/auth/email-otp/request-password-reset", json(reset, { "x-language": "de" })), "de");
    await expectInvalid(await server.fetch("/api/auth/email-otp/request-password-reset", json(reset, { [CAPTCHA_HEADER]: solution })));
    const fresh = await solved();
    expect((await server.fetch("/api/auth/email-otp/request-password-reset", json(reset, { [CAPTCHA_HEADER]: fresh }))).status).toBe(200);
  });

  it("lets sign-in go without a solution until three attempts failed, then asks for one", async () => {
    const attempt = (email: string, headers: Record<string, string> = {}) =>
      server.fetch("/api/auth/sign-in/email", json({ email, password: "not the password" }, { "x-forwarded-for": "ignored", ...headers }));
    for (let i = 0; i < 3; i++) expect((await attempt("mallory@example.com")).status).toBe(401);
    await expectInvalid(await attempt("mallory@example.com"));
    await expectInvalid(await attempt("mallory@example.com", { "x-language": "de" }), "de");
    // With a solution the attempt is judged on its password again.
    expect((await attempt("mallory@example.com", { [CAPTCHA_HEADER]: await solved() })).status).toBe(401);
    // The same client trying another address is asked as well: the failures count per client too.
    await expectInvalid(await attempt("someone-else@example.com"));
    // A username sign-in of that client too.
    await expectInvalid(await server.fetch("/api/auth/sign-in/username", json({ username: "mallory", password: "not the password" })));
  });
});

describe.each(DATABASE_KINDS)("failed sign-ins of one client on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { BOT_PROTECTION: "on" });
  }, START_TIMEOUT);
  afterAll(() => server?.stop());

  it("count whatever addresses they name: after three, the client is asked for a solution", async () => {
    const signIn = (email: string) => server.fetch("/api/auth/sign-in/email", json({ email, password: "not the password" }));
    expect((await signIn("first@example.com")).status).toBe(401);
    expect((await signIn("second@example.com")).status).toBe(401);
    expect((await signIn("first@example.com")).status).toBe(401);
    // The third failure of this client: asked from now on.
    await expectInvalid(await signIn("third@example.com"));
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!redisUrl || !postgres)("a solution used on one instance, replayed on another through Redis", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { BOT_PROTECTION: "on", REDIS_URL: redisUrl as string, AUTH_SECRET: "shared-secret-shared-secret-shared-2" };
    a = await startTestServer("postgres", env);
    b = await startTestServer("postgres", { ...env, BASE_URL: a.config.BASE_URL }, a.database);
  }, START_TIMEOUT);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it("is refused by the second instance", async () => {
    const solution = await solvedChallenge(a.localUrl);
    expect((await a.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: solution }))).status).toBe(201);
    await expectInvalid(await b.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: solution })));
    // A challenge issued by one instance is solved for the other: they share the secret.
    expect((await b.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: await solvedChallenge(a.localUrl) }))).status).toBe(201);
  });
});

describe("the replay store out of reach", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: Redis is configured but unreachable.
    server = await startTestServer("pglite", { BOT_PROTECTION: "on", REDIS_URL: "redis://127.0.0.1:1" });
  }, START_TIMEOUT);
  afterAll(() => server?.stop());

  it("answers 503 captcha_unavailable rather than accepting a solution it cannot mark as used", async () => {
    const res = await server.fetch("/api/send-contact", json(CONTACT, { [CAPTCHA_HEADER]: await solvedChallenge(server.localUrl) }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: "captcha_unavailable",
      message: "The automatic check against bots is not available right now. Please try again in a moment.",
    });
  });
});

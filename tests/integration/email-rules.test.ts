import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, signedInUser } from "../integration/billing-support.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";

const PASSWORD = "correct horse battery";
const signUp = (server: TestServer, email: string, name = "Ada Lovelace") =>
  server.fetch("/api/auth/sign-up/email", json({ name, email, password: PASSWORD, legalConsent: true }));

async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(await res.json()).toMatchObject({ code: "not_allowed_access" });
}

describe.each(DATABASE_KINDS)("e-mail rules on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      EMAIL_REFUSE_PLUS: "on",
      EMAIL_BLOCKLIST: "rival.example, spam@example.org",
      EMAIL_ALLOWLIST: "partner.mailinator.com, ada+crm@example.net",
      CONTACT_EMAIL_RULES: "on",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const users = async () =>
    (await sql<{ email: string }>`select email from "user" order by email`.execute(server.db)).rows.map((r) => r.email);

  it("refuses throwaway, plus and blocked addresses at sign-up, accepts allowlisted ones, and stores nothing refused", async () => {
    const before = await users();
    await expectRefused(await signUp(server, `someone-${kind}@mailinator.com`));
    await expectRefused(await signUp(server, `someone-${kind}@eu.10minutemail.com`));
    await expectRefused(await signUp(server, `ada+${kind}@example.com`));
    await expectRefused(await signUp(server, `hr-${kind}@rival.example`));
    await expectRefused(await signUp(server, "Spam@Example.org"));
    expect(await users()).toEqual(before);

    expect((await signUp(server, `allowed-${kind}@partner.mailinator.com`)).status).toBe(200);
    expect((await signUp(server, "ada+crm@example.net")).status).toBe(200);
    expect((await signUp(server, `plain-${kind}@example.com`)).status).toBe(200);
  });

  it("a variant of an existing Gmail address answers like a new sign-up, mails the owner and creates no account", async () => {
    const owner = `grace.hopper.${kind}@gmail.com`;
    expect((await signUp(server, owner, "Grace Hopper")).status).toBe(200);
    const code = codeIn(await smtp.waitFor(owner));
    expect((await server.fetch("/api/auth/email-otp/verify-email", json({ email: owner, otp: code }))).status).toBe(200);
    const count = (await users()).length;

    const variant = `GraceHopper.${kind}@googlemail.com`;
    const res = await signUp(server, variant, "Someone Else");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token: null, user: { email: variant.toLowerCase(), name: "Someone Else", emailVerified: false } });
    expect(res.headers.get("set-cookie") ?? "").not.toContain("session_token");
    await smtp.waitFor(owner, (m) => m.subject === "Someone tried to sign up with your e-mail address");
    expect(await users()).toHaveLength(count);
  });

  it("refuses a rule-breaking address as a new address of an account", async () => {
    const user = await signedInUser(server, smtp);
    const res = await server.fetch("/api/auth/change-email", json({ newEmail: "me@mailinator.com" }, { cookie: user.cookie }));
    await expectRefused(res);
  });

  it("refuses a throwaway address on the contact form with a translated field message when switched on", async () => {
    const res = await server.fetch(
      "/api/send-contact",
      json({ name: "Grace Hopper", email: "grace@mailinator.com" }, { "x-language": "de" }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      email: "Bitte verwenden Sie eine andere E-Mail-Adresse: Diese kann für Kontaktanfragen nicht verwendet werden.",
    });
    expect((await server.fetch("/api/send-contact", json({ name: "Grace Hopper", email: "grace@example.com" }))).status).toBe(201);
  });
});

describe("e-mail rules by default", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite");
  }, 120_000);
  afterAll(() => server?.stop());

  it("refuses throwaway domains at sign-up but not plus addresses, and leaves the contact form open", async () => {
    await expectRefused(await signUp(server, "someone@mailinator.com"));
    expect((await signUp(server, "ada+crm@example.com")).status).toBe(200);
    expect((await server.fetch("/api/send-contact", json({ name: "Grace Hopper", email: "grace@mailinator.com" }))).status).toBe(201);
  });
});

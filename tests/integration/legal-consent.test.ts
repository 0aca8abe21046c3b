import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGAL_VERSION } from "../../core/legal.js";
import { json, signedInUser } from "../integration/billing-support.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";

const PASSWORD = "correct horse battery";

describe.each(DATABASE_KINDS)("legal consent on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const stored = (email: string) =>
    server.db.selectFrom("user").select(["legalConsentAt", "legalConsentVersion"]).where("email", "=", email).executeTakeFirst();
  const sessionUser = async (cookie: string) =>
    ((await (await server.fetch("/api/auth/get-session", { headers: { cookie } })).json()) as { user: Record<string, unknown> }).user;

  it("refuses an e-mail sign-up without the agreement, translated, and stores nothing", async () => {
    for (const [lang, legalConsent, message] of [
      ["en", undefined, "Please agree to the Terms of Service and the Privacy Policy to create an account."],
      ["de", false, "Bitte stimmen Sie den Nutzungsbedingungen und der Datenschutzerklärung zu, um ein Konto zu erstellen."],
    ] as const) {
      const email = `no-consent-${randomUUID()}@example.com`;
      const res = await server.fetch(
        "/api/auth/sign-up/email",
        json({ name: "No Consent", email, password: PASSWORD, legalConsent }, { "x-language": lang }),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "legal_consent_required", message });
      expect(await stored(email)).toBeUndefined();
    }
  });

  it("stores the time and version of the agreement with a new account, and refuses setting them directly", async () => {
    const before = Date.now();
    const user = await signedInUser(server, smtp);
    const row = await stored(user.email);
    expect(row?.legalConsentVersion).toBe(LEGAL_VERSION);
    expect(new Date(row?.legalConsentAt as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await sessionUser(user.cookie)).toMatchObject({ legalConsentVersion: LEGAL_VERSION });

    const forged = await server.fetch(
      "/api/auth/sign-up/email",
      json({
        name: "Forger",
        email: `forger-${randomUUID()}@example.com`,
        password: PASSWORD,
        legalConsent: true,
        legalConsentVersion: "2099-01",
      }),
    );
    expect(forged.status).toBe(400);
    const update = await server.fetch("/api/auth/update-user", json({ legalConsentVersion: "2099-01" }, { cookie: user.cookie }));
    expect(update.status).toBe(400);
    expect((await stored(user.email))?.legalConsentVersion).toBe(LEGAL_VERSION);
  });

  it("asks an account without an agreement to the current version, then records it once given", async () => {
    const user = await signedInUser(server, smtp);
    // An account from before consent was recorded, and one that agreed to an older version.
    for (const version of [null, "2024-01"]) {
      await server.db.updateTable("user").set({ legalConsentAt: null, legalConsentVersion: version }).where("id", "=", user.id).execute();
      expect(await sessionUser(user.cookie)).toMatchObject({ legalConsentVersion: version });

      const refused = await server.fetch(
        "/api/account/legal-consent",
        json({ accepted: false }, { cookie: user.cookie, "x-language": "de" }),
      );
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toMatch(/^Bitte stimmen Sie/);

      const res = await server.fetch("/api/account/legal-consent", json({ accepted: true }, { cookie: user.cookie }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ version: LEGAL_VERSION });
      expect(await sessionUser(user.cookie)).toMatchObject({ legalConsentVersion: LEGAL_VERSION });
      expect((await stored(user.email))?.legalConsentAt).toBeTruthy();
    }
  });

  it("answers 401 without a session before reading the body", async () => {
    const res = await server.fetch("/api/account/legal-consent", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(res.status).toBe(401);
  });
});

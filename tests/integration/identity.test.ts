import { getMigrations } from "better-auth/db/migration";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createAuth } from "../../server/auth/auth.js";
import { loadConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { createTestDatabase, DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { codeIn } from "../support/smtp.js";

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe.each(DATABASE_KINDS)("migrations on %s", (kind) => {
  it("create every table Better Auth needs, and are idempotent", async () => {
    const database = await createTestDatabase(kind);
    // From an empty cluster, not the build's migrated copy: the migrations themselves are under test.
    const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, fromTemplate: false });
    try {
      expect(await migrateToLatest(handle.db)).toContain("0001_identity");
      expect(await migrateToLatest(handle.db)).toEqual([]);
      const config = loadConfig({ DATA_DIR: database.dataDir });
      const auth = createAuth({ config, db: handle.db, sendMail: async () => {}, logger: pino({ level: "silent" }) });
      const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
      expect(toBeCreated).toEqual([]);
      expect(toBeAdded).toEqual([]);
    } finally {
      await handle.close();
      await database.drop();
    }
    // A bound, not a speed check: a new embedded cluster plus every migration, twice, on a shared CPU.
  }, 90_000);
});

describe.each(DATABASE_KINDS)("identity over HTTP on %s", (kind) => {
  const started = serverWithMail(kind, { MAIL_FROM: "CRM <no-reply@example.com>" });

  it("signs up, verifies the e-mailed 6-digit code, and signs in", async () => {
    const email = `ada-${kind}@example.com`;
    const signUp = await started.server.fetch(
      "/api/auth/sign-up/email",
      json({ name: "Ada Lovelace", email, password: "correct horse battery", locale: "de", legalConsent: true }),
    );
    expect(signUp.status).toBe(200);
    // Unverified accounts get no session.
    expect(signUp.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]+/);

    const mail = await started.smtp.waitFor(email);
    expect(mail.subject).toBe("Ihr Bestätigungscode");
    expect(mail.html).toContain('lang="de"');
    const code = codeIn(mail);

    const early = await started.server.fetch("/api/auth/sign-in/email", json({ email, password: "correct horse battery" }));
    expect(early.status).toBe(403);

    const wrong = await started.server.fetch(
      "/api/auth/email-otp/verify-email",
      json({ email, otp: code === "000000" ? "111111" : "000000" }),
    );
    expect(wrong.status).toBe(400);

    const verify = await started.server.fetch("/api/auth/email-otp/verify-email", json({ email, otp: code }));
    expect(verify.status).toBe(200);
    expect(verify.headers.get("set-cookie")).toMatch(/session_token=/);

    const signIn = await started.server.fetch("/api/auth/sign-in/email", json({ email, password: "correct horse battery" }));
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie).toMatch(/session_token=/);

    const session = await started.server.fetch("/api/auth/get-session", { headers: { cookie } });
    expect((await session.json()).user).toMatchObject({ email, name: "Ada Lovelace", emailVerified: true });
  });

  it("rejects a wrong password without saying whether the account exists", async () => {
    const res = await started.server.fetch("/api/auth/sign-in/email", json({ email: "nobody@example.com", password: "whatever123" }));
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBeTruthy();
  });

  it("refuses auth requests from another origin", async () => {
    const res = await started.server.fetch("/api/auth/sign-in/email", {
      ...json({ email: "x@example.com", password: "whatever123" }),
      headers: { "content-type": "application/json", origin: "https://evil.example", cookie: "better-auth.session_token=abc" },
    });
    expect(res.status).toBe(403);
  });
});

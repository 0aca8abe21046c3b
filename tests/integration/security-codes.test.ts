import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { type CapturedMail, codeIn } from "../support/smtp.js";
import { json } from "./billing-support.js";

/** Better Auth's `allowedAttempts` for e-mailed codes (server/auth/auth.ts). */
const ALLOWED_ATTEMPTS = 5;
const PASSWORD = "correct horse battery";

/** A 6-digit code that is not `code`. */
const wrong = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, "0");

describe.each(DATABASE_KINDS)("guessing e-mailed codes on %s", (kind) => {
  // Per-address rate limits stay off: this is the code's own protection (the limits are tested elsewhere).
  const started = serverWithMail(kind);

  const mailsTo = (email: string) => started.smtp.messages.filter((m) => m.to.includes(email));
  const nextMail = async (email: string, seen: number): Promise<CapturedMail> =>
    started.smtp.waitFor(email, (m) => mailsTo(email).indexOf(m) >= seen);
  const codeRows = async () => (await sql<{ value: string }>`select value from verification`.execute(started.server.db)).rows;

  it("locks a verification code after the allowed wrong guesses; even the right code then fails, a new one works", async () => {
    const email = `guess-${crypto.randomUUID()}@example.com`;
    await started.server.fetch("/api/auth/sign-up/email", json({ name: "Guess Target", email, password: PASSWORD, legalConsent: true }));
    const code = codeIn(await started.smtp.waitFor(email));

    // Only a hash is stored: reading the database does not reveal the code.
    expect((await codeRows()).some((r) => r.value.includes(code))).toBe(false);

    const verify = (otp: string) => started.server.fetch("/api/auth/email-otp/verify-email", json({ email, otp }));
    for (let i = 0; i < ALLOWED_ATTEMPTS; i++) {
      const res = await verify(wrong(code, i));
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("invalid_otp");
    }
    const locked = await verify(code);
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ code: "too_many_attempts", message: expect.any(String) });
    expect(locked.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]+/);
    // The code is gone for good, not just for a while.
    expect((await verify(code)).status).toBe(400);
    const user = await started.server.db.selectFrom("user").select("emailVerified").where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(false);

    const seen = mailsTo(email).length;
    expect(
      (await started.server.fetch("/api/auth/email-otp/send-verification-otp", json({ email, type: "email-verification" }))).status,
    ).toBe(200);
    const fresh = codeIn(await nextMail(email, seen));
    const ok = await verify(fresh);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-cookie")).toMatch(/session_token=/);
  });

  it("locks a password-reset code the same way and leaves the password unchanged", async () => {
    const user = await started.signIn();
    const seen = mailsTo(user.email).length;
    expect((await started.server.fetch("/api/auth/email-otp/request-password-reset", json({ email: user.email }))).status).toBe(200);
    const code = codeIn(await nextMail(user.email, seen));

    const reset = (otp: string) =>
      started.server.fetch("/api/auth/email-otp/reset-password", json({ email: user.email, otp, password: "attacker's new password" }));
    for (let i = 0; i < ALLOWED_ATTEMPTS; i++) expect((await reset(wrong(code, i))).status).toBe(400);
    expect((await reset(code)).status).toBe(403);
    expect((await reset(code)).status).toBe(400);

    const signIn = (password: string) => started.server.fetch("/api/auth/sign-in/email", json({ email: user.email, password }));
    expect((await signIn("attacker's new password")).status).toBe(401);
    expect((await signIn(PASSWORD)).status).toBe(200);
    // The user's session survives the attack.
    expect((await (await started.server.fetch("/api/auth/get-session", { headers: { cookie: user.cookie } })).json())?.user?.email).toBe(
      user.email,
    );
  });

  it("counts guesses sent all at once: no burst compares more than the allowed number", async () => {
    const user = await started.signIn();
    const seen = mailsTo(user.email).length;
    await started.server.fetch("/api/auth/email-otp/request-password-reset", json({ email: user.email }));
    const code = codeIn(await nextMail(user.email, seen));
    const guesses = Array.from({ length: 30 }, (_, i) => wrong(code, i));
    const statuses = await Promise.all(
      guesses.map(
        async (otp) =>
          (
            await started.server.fetch(
              "/api/auth/email-otp/reset-password",
              json({ email: user.email, otp, password: "attacker's new password" }),
            )
          ).status,
      ),
    );
    expect(statuses.every((s) => s === 400 || s === 403)).toBe(true);
    // Whatever interleaving happened, the stored attempt count never passes the limit.
    const attempts = (await codeRows()).map((r) => Number(r.value.split(":").at(-1)));
    expect(attempts.every((n) => n <= ALLOWED_ATTEMPTS)).toBe(true);
    expect((await started.server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: PASSWORD }))).status).toBe(200);
  });

  it("offers no other way to try codes or to have them sent", async () => {
    const user = await started.signIn();
    // The old reset alias, the link resend and the bare code check.
    for (const path of [
      "/api/auth/forget-password/email-otp",
      "/api/auth/send-verification-email",
      "/api/auth/email-otp/check-verification-otp",
    ]) {
      const res = await started.server.fetch(path, json({ email: user.email, otp: "123456", type: "forget-password" }));
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(typeof (await res.json()).message).toBe("string");
    }
    // Codes go out to verify an address or to sign in; a reset code only through its own route.
    const stranger = `nobody-${crypto.randomUUID()}@example.com`;
    const reset = await started.server.fetch(
      "/api/auth/email-otp/send-verification-otp",
      json({ email: user.email, type: "forget-password" }),
    );
    expect(reset.status).toBe(400);
    // A sign-in code to an address without an account is answered alike but neither sent nor does it create an account.
    const signIn = await started.server.fetch("/api/auth/email-otp/send-verification-otp", json({ email: stranger, type: "sign-in" }));
    expect(signIn.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(stranger)).toEqual([]);
    expect(await started.server.db.selectFrom("user").select("id").where("email", "=", stranger).executeTakeFirst()).toBeUndefined();
  });
});

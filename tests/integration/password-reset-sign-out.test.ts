import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { type CapturedMail, codeIn } from "../support/smtp.js";
import { json } from "./billing-support.js";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a fresh and long secret";

const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
const linkTokenIn = (mail: CapturedMail) => {
  const token = /\/sign-in\?link=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No sign-in link in mail "${mail.subject}"`);
  return token;
};

describe.each(DATABASE_KINDS)("a password reset ends every session and token of the account on %s", (kind) => {
  const started = serverWithMail(kind);

  const mailsTo = (email: string) => started.smtp.messages.filter((m) => m.to.includes(email));
  /** Waits for the next mail to the address after those already there that matches. */
  const nextMail = (email: string, match: (m: CapturedMail) => boolean) => {
    const before = mailsTo(email).length;
    return () => started.smtp.waitFor(email, (m) => mailsTo(email).indexOf(m) >= before && match(m));
  };
  const sessionOf = async (cookie: string) => (await started.server.fetch("/api/auth/get-session", { headers: { cookie } })).json();
  const signIn = (email: string, password: string) => started.server.fetch("/api/auth/sign-in/email", json({ email, password }));

  /** Asks for a reset code and sets the new password with it, as the forgot-password page does. */
  async function reset(email: string, lang = "en") {
    const codeMail = nextMail(email, (m) => /reset|zurücksetzen/i.test(m.subject));
    expect((await started.server.fetch("/api/auth/email-otp/request-password-reset", json({ email }, { "x-language": lang }))).status).toBe(
      200,
    );
    const otp = codeIn(await codeMail());
    return started.server.fetch("/api/auth/email-otp/reset-password", json({ email, otp, password: NEW_PASSWORD }, { "x-language": lang }));
  }

  it("signs out every device, ends bearer tokens, mailed links and codes, and mails the account in its language", async () => {
    // A German account, signed in on two devices, with a bearer token of the first.
    const email = `reset-${randomUUID()}@example.com`;
    expect(
      (
        await started.server.fetch(
          "/api/auth/sign-up/email",
          json({ name: "Rita Reset", email, password: PASSWORD, locale: "de", legalConsent: true }),
        )
      ).status,
    ).toBe(200);
    const otp = codeIn(await started.smtp.waitFor(email));
    expect((await started.server.fetch("/api/auth/email-otp/verify-email", json({ email, otp }))).status).toBe(200);
    const first = await signIn(email, PASSWORD);
    const laptop = cookieOf(first);
    const token = first.headers.get("set-auth-token") ?? "";
    const phone = cookieOf(await signIn(email, PASSWORD));
    expect((await sessionOf(laptop))?.user.email).toBe(email);
    expect((await started.server.fetch("/api/subscription", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    // A sign-in link and a sign-in code mailed before the reset, not yet used.
    const linkMail = nextMail(email, (m) => /link/i.test(m.text));
    expect((await started.server.fetch("/api/auth/sign-in-link/send", json({ email }, { "x-language": "de" }))).status).toBe(200);
    const linkToken = linkTokenIn(await linkMail());
    const codeMail = nextMail(email, () => true);
    expect((await started.server.fetch("/api/auth/email-otp/send-verification-otp", json({ email, type: "sign-in" }))).status).toBe(200);
    const signInCode = codeIn(await codeMail());

    const noticeMail = nextMail(email, (m) => m.subject === "Ihr Passwort wurde zurückgesetzt");
    expect((await reset(email, "de")).status).toBe(200);

    // Every session is gone, on both devices and in the database, and with it the bearer token.
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(phone)).toBeNull();
    const user = await started.server.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await started.server.db.selectFrom("session").select("id").where("userId", "=", user.id).execute()).toEqual([]);
    expect((await started.server.fetch("/api/subscription", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    // What was mailed before no longer signs in.
    const link = await started.server.fetch("/api/auth/sign-in-link/open", json({ token: linkToken }));
    expect(link.status).toBeGreaterThanOrEqual(400);
    expect(cookieOf(link)).not.toMatch(/session_token=./);
    const code = await started.server.fetch("/api/auth/sign-in/email-otp", json({ email, otp: signInCode }));
    expect(code.status).toBe(400);
    expect((await signIn(email, PASSWORD)).status).toBe(401);

    // The account hears of it, in its own language.
    const notice = await noticeMail();
    expect(notice.text).toContain("abgemeldet");
    expect(notice.text).toContain(`${started.server.url}/de/sign-in`);
    expect(notice.text).toContain(`${started.server.url}/de/forgot-password`);
    expect(notice.html).toContain('lang="de"');

    // The browser that reset it signs in fresh, with the new password.
    const fresh = await signIn(email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect((await sessionOf(cookieOf(fresh)))?.user.email).toBe(email);
  });

  it("mails an English account in English, whatever page the reset came from, and leaves other accounts signed in", async () => {
    const user = await started.signIn("Eric English");
    const bystander = await started.signIn("Betty Bystander");
    const noticeMail = nextMail(user.email, (m) => m.subject === "Your password was reset");
    expect((await reset(user.email, "de")).status).toBe(200);
    const notice = await noticeMail();
    expect(notice.text).toContain("Every device and browser that was signed in to your account has been signed out");
    expect(notice.text).toContain(`${started.server.url}/en/sign-in`);
    expect(await sessionOf(user.cookie)).toBeNull();
    expect((await sessionOf(bystander.cookie))?.user.email).toBe(bystander.email);
  });
});

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import type { OidcIdentity } from "../support/oidc.js";
import { type CapturedMail, codeIn } from "../support/smtp.js";
import { totpCode } from "../support/totp.js";
import { json, type TestUser } from "./billing-support.js";

const PASSWORD = "correct horse battery";

/** The name=value pairs a response sets (cleared cookies left out). */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .filter((c) => !c.endsWith("="));
const sessionCookieOf = (res: Response) => cookiesOf(res).find((c) => c.includes("session_token=")) ?? "";
const linkIn = (mail: CapturedMail) => {
  const url = /https?:\/\/\S+\/sign-in\?link=([\w-]+)/.exec(mail.text);
  if (!url?.[1]) throw new Error(`No sign-in link in mail "${mail.subject}"`);
  return { url: url[0], token: url[1] };
};

describe.each(DATABASE_KINDS)("sign-in by e-mailed code and link, and the second step after each, on %s", (kind) => {
  const started = serverWithMail(kind, {}, { oidc: true });

  const mailsTo = (email: string) => started.smtp.messages.filter((m) => m.to.includes(email));
  const sessionOf = async (cookie: string) =>
    (await (await started.server.fetch("/api/auth/get-session", { headers: { cookie } })).json()) as {
      user: { id: string; email: string };
    } | null;
  /** Waits long enough for a mail that is sent (without the answer waiting for it) to have arrived. */
  const settle = () => new Promise((r) => setTimeout(r, 500));

  /** An account that has signed up but never confirmed its address. */
  async function unverifiedUser() {
    const email = `unverified-${randomUUID()}@example.com`;
    const res = await started.server.fetch(
      "/api/auth/sign-up/email",
      json({ name: "Una Verified", email, password: PASSWORD, legalConsent: true }),
    );
    expect(res.status).toBe(200);
    await started.smtp.waitFor(email);
    return email;
  }

  /** Turns two-step verification on for the user; returns the authenticator's URI and backup codes. */
  async function enableTwoStep(cookie: string, password?: string) {
    const enable = await started.server.fetch("/api/auth/two-factor/enable", json(password ? { password } : {}, { cookie }));
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect((await started.server.fetch("/api/auth/two-factor/verify-totp", json({ code: totpCode(totpURI) }, { cookie }))).status).toBe(
      200,
    );
    return { totpURI, backupCodes };
  }

  /** Mails a sign-in code to the address and signs in with it. */
  async function codeSignIn(email: string) {
    const before = mailsTo(email).length;
    const send = await started.server.fetch("/api/auth/email-otp/send-verification-otp", json({ email, type: "sign-in" }));
    expect(send.status).toBe(200);
    const mail = await started.smtp.waitFor(email, (m) => mailsTo(email).indexOf(m) >= before);
    return started.server.fetch("/api/auth/sign-in/email-otp", json({ email, otp: codeIn(mail) }));
  }

  /** Asks for a sign-in link as the page would; returns the asking browser's cookie and the mailed token. */
  async function requestLink(email: string, language = "en") {
    const before = mailsTo(email).length;
    const send = await started.server.fetch("/api/auth/sign-in-link/send", json({ email }, { "x-language": language }));
    expect(send.status).toBe(200);
    expect(await send.json()).toEqual({ success: true });
    const browser = cookiesOf(send).join("; ");
    const mail = await started.smtp.waitFor(email, (m) => mailsTo(email).indexOf(m) >= before);
    return { browser, mail, ...linkIn(mail) };
  }
  const open = (token: string, cookie = "") =>
    started.server.fetch("/api/auth/sign-in-link/open", json({ token }, cookie ? { cookie } : {}));
  const status = async (cookie: string) =>
    ((await (await started.server.fetch("/api/auth/sign-in-link/status", { headers: { cookie } })).json()) as { state: string }).state;

  it("signs a verified account in with a 6-digit code read from its mail", async () => {
    const user = await started.signIn("Cora Code");
    const res = await codeSignIn(user.email);
    expect(res.status).toBe(200);
    const mail = mailsTo(user.email).at(-1) as CapturedMail;
    expect(mail.subject).toBe("Your sign-in code");
    expect((await sessionOf(sessionCookieOf(res)))?.user.id).toBe(user.id);
    // The code worked once.
    const again = await started.server.fetch("/api/auth/sign-in/email-otp", json({ email: user.email, otp: codeIn(mail) }));
    expect(again.status).toBe(400);
  });

  it("answers an unknown and an unverified address like a known one, mails them nothing and creates no account", async () => {
    const known = await started.signIn("Kim Known");
    const stranger = `stranger-${randomUUID()}@example.com`;
    const unverified = await unverifiedUser();
    const seen = mailsTo(unverified).length;
    const answers = [];
    for (const email of [known.email, stranger, unverified]) {
      const res = await started.server.fetch("/api/auth/email-otp/send-verification-otp", json({ email, type: "sign-in" }));
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await started.smtp.waitFor(known.email, (m) => m.subject === "Your sign-in code");
    await settle();
    expect(mailsTo(stranger)).toEqual([]);
    expect(mailsTo(unverified).length).toBe(seen);
    // No code can be guessed into an account either: none is made, and the unverified one keeps its password.
    for (const email of [stranger, unverified]) {
      const res = await started.server.fetch("/api/auth/sign-in/email-otp", json({ email, otp: "123456" }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_otp" });
    }
    expect(await started.server.db.selectFrom("user").select("id").where("email", "=", stranger).executeTakeFirst()).toBeUndefined();
    const row = await started.server.db
      .selectFrom("user")
      .select("emailVerified")
      .where("email", "=", unverified)
      .executeTakeFirstOrThrow();
    expect(row.emailVerified).toBe(false);
    const account = await started.server.db
      .selectFrom("account")
      .innerJoin("user", "user.id", "account.userId")
      .select("account.password")
      .where("user.email", "=", unverified)
      .executeTakeFirstOrThrow();
    expect(account.password).toBeTruthy();
  });

  it("signs in the browser that asked for a link once the link is opened there; the link then works no more", async () => {
    const user = await started.signIn("Lena Link");
    // Asked for on a German page by an English account: the mail and its link are in the account's language (docs/decisions/152).
    const { browser, mail, url, token } = await requestLink(user.email, "de");
    expect(mail.subject).toBe("Your sign-in link for Recruiting CRM");
    expect(url.startsWith(`${started.server.url}/en/sign-in?link=`)).toBe(true);
    expect(await status(browser)).toBe("pending");
    // The page that asked cannot finish before the link is opened.
    const early = await started.server.fetch("/api/auth/sign-in-link/complete", json({}, { cookie: browser }));
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ code: "verification_link_invalid" });

    const opened = await open(token, browser);
    expect(await opened.json()).toEqual({ state: "verified" });
    expect(await status(browser)).toBe("verified");
    const complete = await started.server.fetch("/api/auth/sign-in-link/complete", json({}, { cookie: browser }));
    expect(complete.status).toBe(200);
    expect((await sessionOf(sessionCookieOf(complete)))?.user.id).toBe(user.id);
    expect(await status(browser)).toBe("used");

    // Opened again (another tab or browser, or later): it says it was used, and signs nobody in a second time.
    expect(await (await open(token, browser)).json()).toEqual({ state: "used" });
    expect(await (await open(token)).json()).toEqual({ state: "used" });
    const reuse = await started.server.fetch("/api/auth/sign-in-link/confirm", json({ token }));
    expect(reuse.status).toBe(400);
    expect(sessionCookieOf(reuse)).toBe("");
    const secondComplete = await started.server.fetch("/api/auth/sign-in-link/complete", json({}, { cookie: browser }));
    expect(secondComplete.status).toBe(400);
  });

  it("tells another browser it is not the one that asked, and signs it in only after its confirmation", async () => {
    const user = await started.signIn("Otto Other");
    const { browser, token } = await requestLink(user.email);
    const opened = await open(token);
    expect(await opened.json()).toEqual({ state: "other-device" });
    expect(sessionCookieOf(opened)).toBe("");
    // Opening it elsewhere verifies nothing for the asking page.
    expect(await status(browser)).toBe("pending");
    const confirm = await started.server.fetch("/api/auth/sign-in-link/confirm", json({ token }));
    expect(confirm.status).toBe(200);
    expect((await sessionOf(sessionCookieOf(confirm)))?.user.id).toBe(user.id);
    // The asking page learns the link was used elsewhere, and gets no session from it.
    expect(await status(browser)).toBe("used");
    const complete = await started.server.fetch("/api/auth/sign-in-link/complete", json({}, { cookie: browser }));
    expect(complete.status).toBe(400);
  });

  it("refuses an expired link and an invalid one, and mails no link to an unknown or unverified address", async () => {
    const user = await started.signIn("Eve Expired");
    const { browser, token } = await requestLink(user.email);
    // Fixture: the link was sent 16 minutes ago.
    await started.server.db
      .updateTable("sign_in_link")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("email", "=", user.email)
      .execute();
    const expired = await open(token, browser);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: "verification_link_expired" });
    expect(await status(browser)).toBe("expired");
    const late = await started.server.fetch("/api/auth/sign-in-link/confirm", json({ token }));
    expect(await late.json()).toMatchObject({ code: "verification_link_expired" });

    const invalid = await open("not-a-real-token");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: "verification_link_invalid" });

    const stranger = `stranger-${randomUUID()}@example.com`;
    const unverified = await unverifiedUser();
    const seen = mailsTo(unverified).length;
    for (const email of [stranger, unverified]) {
      const res = await started.server.fetch("/api/auth/sign-in-link/send", json({ email }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      // The page waits as it would for any address.
      expect(await status(cookiesOf(res).join("; "))).toBe("pending");
    }
    await settle();
    expect(mailsTo(stranger)).toEqual([]);
    expect(mailsTo(unverified).length).toBe(seen);
  });

  describe("with two-step verification on", () => {
    let user: TestUser;
    let totpURI: string;
    let backupCodes: string[];

    beforeAll(async () => {
      user = await started.signIn("Tess Twostep");
      ({ totpURI, backupCodes } = await enableTwoStep(user.cookie, PASSWORD));
    });

    /** Expects the second step instead of a session; returns the cookie of the pending sign-in. */
    async function expectSecondStep(res: Response) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
      expect(sessionCookieOf(res)).toBe("");
      const pending = cookiesOf(res).find((c) => c.includes("two_factor="));
      expect(pending).toBeTruthy();
      return pending as string;
    }

    it("asks for it after an e-mailed code, and the authenticator finishes the sign-in", async () => {
      const pending = await expectSecondStep(await codeSignIn(user.email));
      const wrong = await started.server.fetch("/api/auth/two-factor/verify-totp", json({ code: "000000" }, { cookie: pending }));
      expect(wrong.status).toBe(401);
      // The next time step's code: the one used to turn the app on is not accepted twice.
      const done = await started.server.fetch(
        "/api/auth/two-factor/verify-totp",
        json({ code: totpCode(totpURI, Date.now() + 30_000) }, { cookie: pending }),
      );
      expect(done.status).toBe(200);
      expect((await sessionOf(sessionCookieOf(done)))?.user.id).toBe(user.id);
    });

    it("asks for it after a link, in the browser that asked and in another one", async () => {
      const same = await requestLink(user.email);
      await open(same.token, same.browser);
      const complete = await started.server.fetch("/api/auth/sign-in-link/complete", json({}, { cookie: same.browser }));
      const pending = await expectSecondStep(complete);
      const done = await started.server.fetch(
        "/api/auth/two-factor/verify-backup-code",
        json({ code: backupCodes[0] }, { cookie: pending }),
      );
      expect(done.status).toBe(200);
      expect((await sessionOf(sessionCookieOf(done)))?.user.id).toBe(user.id);

      const other = await requestLink(user.email);
      await expectSecondStep(await started.server.fetch("/api/auth/sign-in-link/confirm", json({ token: other.token })));
    });
  });

  it("asks for it after Google, sending the browser to the sign-in page's second step", async () => {
    const identity: OidcIdentity = { email: `g-two-${kind}-${randomUUID()}@example.com`, given_name: "Grace", family_name: "Google" };
    /** Google's redirect flow as the browser runs it; returns where the product sends it and the cookies. */
    async function google() {
      const start = await started.server.fetch(
        "/api/auth/sign-in/social",
        json({ provider: "google", callbackURL: "/de/dashboard", errorCallbackURL: "/de/sign-in?oauth=error", additionalData: {} }),
      );
      const { url } = (await start.json()) as { url: string };
      const authorize = await fetch(url, { redirect: "manual", headers: { cookie: started.oidc.identityCookie(identity) } });
      const callback = authorize.headers.get("location") as string;
      const back = await started.server.fetch(callback.slice(started.server.url.length), {
        headers: { cookie: cookiesOf(start).join("; ") },
      });
      expect(back.status).toBe(302);
      return { location: back.headers.get("location") as string, back };
    }
    const first = await google();
    expect(first.location).toBe("/de/dashboard");
    const { totpURI } = await enableTwoStep(sessionCookieOf(first.back));

    const second = await google();
    expect(second.location).toBe("/de/sign-in?second-step=totp");
    expect(sessionCookieOf(second.back)).toBe("");
    const pending = cookiesOf(second.back).find((c) => c.includes("two_factor=")) as string;
    const done = await started.server.fetch(
      "/api/auth/two-factor/verify-totp",
      json({ code: totpCode(totpURI, Date.now() + 30_000) }, { cookie: pending }),
    );
    expect(done.status).toBe(200);
    expect((await sessionOf(sessionCookieOf(done)))?.user.email).toBe(identity.email);
  });
});

import { createHash, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { codeIn } from "../support/smtp.js";

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

const sessionCookie = (res: Response) => /(?:^|,\s*)([^=,\s]*session_token=[^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

describe.each(DATABASE_KINDS)("accounts on %s", (kind) => {
  const started = serverWithMail(kind, { MAIL_FROM: "CRM <no-reply@example.com>" });

  async function signUp(body: Record<string, unknown>) {
    return started.server.fetch("/api/auth/sign-up/email", post({ password: "correct horse battery", legalConsent: true, ...body }));
  }

  async function verify(email: string) {
    const code = codeIn(await started.smtp.waitFor(email));
    const res = await started.server.fetch("/api/auth/email-otp/verify-email", post({ email, otp: code }));
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).toBeTruthy();
    return cookie as string;
  }

  async function session(cookie: string) {
    return (await (await started.server.fetch("/api/auth/get-session", { headers: { cookie } })).json()) as {
      user: Record<string, unknown>;
    };
  }

  it("an individual sign-up stores the split name and plan, mails the code in the user's language and gets no team", async () => {
    const email = `ind-${kind}@example.com`;
    const res = await signUp({
      name: "Grace Brewster Hopper",
      firstName: "Grace",
      lastName: "Brewster Hopper",
      email,
      planType: "individual",
      teamName: "ignored",
      locale: "de",
    });
    expect(res.status).toBe(200);
    const mail = await started.smtp.waitFor(email);
    expect(mail.subject).toBe("Ihr Bestätigungscode");
    expect(mail.text).toContain("Geben Sie diesen Code ein");
    expect(mail.html).toContain(codeIn(mail));

    const cookie = await verify(email);
    const { user } = await session(cookie);
    expect(user).toMatchObject({
      firstName: "Grace",
      lastName: "Brewster Hopper",
      planType: "individual",
      teamName: null,
      emailVerified: true,
    });
    const orgs = await (await started.server.fetch("/api/auth/organization/list", { headers: { cookie } })).json();
    expect(orgs).toEqual([]);
  });

  it("a pro sign-up without a team name is refused; with one, verification creates the team with the user as admin", async () => {
    const email = `pro-${kind}@example.com`;
    const blank = await signUp({ name: "Alan Turing", email, planType: "pro", teamName: "   " });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ code: "team_name_required" });

    const res = await signUp({ name: "Alan Turing", email, planType: "pro", teamName: "  Bletchley Recruiting " });
    expect(res.status).toBe(200);
    const before = await (await started.server.fetch("/api/auth/sign-in/email", post({ email, password: "correct horse battery" }))).json();
    expect(before.code).toBe("email_not_verified");

    const cookie = await verify(email);
    const { user } = await session(cookie);
    expect(user).toMatchObject({
      firstName: "Alan",
      lastName: "Turing",
      planType: "pro",
      teamName: "Bletchley Recruiting",
      organizationName: "Bletchley Recruiting",
      createOrganization: false,
    });
    const orgs = (await (await started.server.fetch("/api/auth/organization/list", { headers: { cookie } })).json()) as {
      id: string;
      name: string;
    }[];
    expect(orgs.map((o) => o.name)).toEqual(["Bletchley Recruiting"]);
    const member = await (
      await started.server.fetch(`/api/auth/organization/get-active-member-role?organizationId=${orgs[0]?.id}`, { headers: { cookie } })
    ).json();
    expect(member.role).toBe("admin");

    // Signing in again does not create a second team.
    const again = await started.server.fetch("/api/auth/sign-in/email", post({ email, password: "correct horse battery" }));
    const orgsAfter = await (
      await started.server.fetch("/api/auth/organization/list", { headers: { cookie: sessionCookie(again) as string } })
    ).json();
    expect(orgsAfter).toHaveLength(1);
  });

  it("sign-up cannot set the team fields the server derives", async () => {
    const email = `forge-${kind}@example.com`;
    const res = await signUp({ name: "Eve", email, planType: "individual", createOrganization: true, organizationName: "Forged" });
    expect(res.status).toBe(400);
  });

  it("rejects a wrong code, then an expired one, and accepts a fresh code", async () => {
    const email = `code-${kind}@example.com`;
    expect((await signUp({ name: "Ada Lovelace", email })).status).toBe(200);
    const code = codeIn(await started.smtp.waitFor(email));
    const wrong = await started.server.fetch(
      "/api/auth/email-otp/verify-email",
      post({ email, otp: code === "123456" ? "654321" : "123456" }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("invalid_otp");

    // Ten minutes later the code has expired.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60 * 1000 });
    try {
      const expired = await started.server.fetch("/api/auth/email-otp/verify-email", post({ email, otp: code }));
      expect(expired.status).toBe(400);
      expect((await expired.json()).code).toBe("otp_expired");
    } finally {
      vi.useRealTimers();
    }

    const count = started.smtp.messages.length;
    const resend = await started.server.fetch("/api/auth/email-otp/send-verification-otp", post({ email, type: "email-verification" }));
    expect(resend.status).toBe(200);
    await expect.poll(() => started.smtp.messages.length).toBeGreaterThan(count);
    const fresh = codeIn(started.smtp.messages.filter((m) => m.to.includes(email)).at(-1) as (typeof started.smtp.messages)[number]);
    const ok = await started.server.fetch("/api/auth/email-otp/verify-email", post({ email, otp: fresh }));
    expect(ok.status).toBe(200);
  });

  it("a sign-up with the address of an existing account answers like a new one, mails the owner and signs nobody in", async () => {
    const email = `taken-${kind}@example.com`;
    await signUp({ name: "Margaret Hamilton", email, locale: "de" });
    await verify(email);
    const before = started.smtp.messages.filter((m) => m.to.includes(email)).length;

    const fresh = await signUp({ name: "Somebody Else", email: `fresh-${kind}@example.com`, password: "another secret 1" });
    const taken = await signUp({ name: "Somebody Else", email, password: "another secret 1" });
    expect(taken.status).toBe(fresh.status);
    const [freshBody, takenBody] = [await fresh.json(), await taken.json()];
    expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(takenBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(takenBody).toMatchObject({ token: null, user: { email, name: "Somebody Else", emailVerified: false } });
    expect(sessionCookie(taken)).toBeUndefined();

    // The owner gets a notice in their language with the ways in, and no code.
    const notice = await started.smtp.waitFor(email, (m) => m.subject === "Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren");
    expect(notice.text).toContain(`${started.server.url}/de/sign-in`);
    expect(notice.text).toContain(`${started.server.url}/de/forgot-password`);
    expect(notice.html).toContain('lang="de"');
    expect(/\b\d{6}\b/.test(notice.text)).toBe(false);

    // "Resend code" answers as usual but sends nothing, and no code opens the account.
    const resend = await started.server.fetch("/api/auth/email-otp/send-verification-otp", post({ email, type: "email-verification" }));
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({ success: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(started.smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(before + 1);
    // Even a code that matches the stored one (planted here, as if it had leaked) opens nothing.
    const identifier = `email-verification-otp-${email}`;
    const hash = createHash("sha256").update("424242").digest("base64url");
    await sql`delete from verification where identifier = ${identifier}`.execute(started.server.db);
    await sql`insert into verification (id, identifier, value, "expiresAt", "createdAt", "updatedAt")
      values (${randomUUID()}, ${identifier}, ${`${hash}:0`}, now() + interval '5 minutes', now(), now())`.execute(started.server.db);
    for (const otp of ["000000", "123456", "424242"]) {
      const attempt = await started.server.fetch("/api/auth/email-otp/verify-email", post({ email, otp }));
      expect(attempt.status).toBe(400);
      expect((await attempt.json()).code).toBe("invalid_otp");
      expect(sessionCookie(attempt)).toBeUndefined();
    }

    // The account is unchanged: the old password signs in, the new one does not.
    expect((await started.server.fetch("/api/auth/sign-in/email", post({ email, password: "another secret 1" }))).status).toBe(401);
    const owner = await started.server.fetch("/api/auth/sign-in/email", post({ email, password: "correct horse battery" }));
    expect(owner.status).toBe(200);
    expect((await session(sessionCookie(owner) as string)).user).toMatchObject({ name: "Margaret Hamilton", firstName: "Margaret" });
  });

  it("resets a forgotten password by an e-mailed code without revealing whether the address exists", async () => {
    const email = `reset-${kind}@example.com`;
    await signUp({ name: "Katherine Johnson", email, locale: "en" });
    await verify(email);

    const unknown = await started.server.fetch("/api/auth/email-otp/request-password-reset", post({ email: `nobody-${kind}@example.com` }));
    const known = await started.server.fetch("/api/auth/email-otp/request-password-reset", post({ email }));
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());

    const mail = await started.smtp.waitFor(email, (m) => m.subject === "Your password reset code");
    expect(mail.html).toContain('lang="en"');
    const short = await started.server.fetch("/api/auth/email-otp/reset-password", post({ email, otp: codeIn(mail), password: "short" }));
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe("form_password_length_too_short");
    const reset = await started.server.fetch(
      "/api/auth/email-otp/reset-password",
      post({ email, otp: codeIn(mail), password: "a brand new secret" }),
    );
    expect(reset.status).toBe(200);

    const old = await started.server.fetch("/api/auth/sign-in/email", post({ email, password: "correct horse battery" }));
    expect(old.status).toBe(401);
    const fresh = await started.server.fetch("/api/auth/sign-in/email", post({ email, password: "a brand new secret" }));
    expect(fresh.status).toBe(200);
    expect(started.smtp.messages.some((m) => m.to.includes(`nobody-${kind}@example.com`))).toBe(false);
  });

  it("signs out, after which the session is gone", async () => {
    const email = `out-${kind}@example.com`;
    await signUp({ name: "Hedy Lamarr", email });
    const cookie = await verify(email);
    expect((await session(cookie))?.user.email).toBe(email);
    const out = await started.server.fetch("/api/auth/sign-out", post({}, { cookie }));
    expect(out.status).toBe(200);
    const after = await (await started.server.fetch("/api/auth/get-session", { headers: { cookie } })).json();
    expect(after).toBeNull();
  });

  it("tells the pages that Google sign-in is not configured", async () => {
    const res = await started.server.fetch("/api/auth/providers");
    expect(await res.json()).toMatchObject({ google: false });
  });
});

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { subscribePro, teamFixture } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { codeIn } from "../support/smtp.js";
import { totpCode } from "../support/totp.js";
import { json, type TestUser } from "./billing-support.js";

const PASSWORD = "correct horse battery";
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .filter((c) => !c.endsWith("="));
const sessionCookieOf = (res: Response) => cookieOf(res).find((c) => c.includes("session_token=")) as string;

describe.each(DATABASE_KINDS)("account security on %s", (kind) => {
  const started = serverWithMail(kind);

  const post = (path: string, user: { cookie: string }, body: unknown = {}) =>
    started.server.fetch(path, json(body, { cookie: user.cookie }));

  /** Fixture: the session was signed in 11 minutes ago and not verified since. */
  async function ageSession(user: { cookie: string }) {
    const token = decodeURIComponent(user.cookie.split("=")[1] ?? "").split(".")[0] as string;
    const old = new Date(Date.now() - 11 * 60 * 1000);
    await started.server.db.updateTable("session").set({ createdAt: old }).where("token", "=", token).execute();
  }

  async function expectReverification(res: Response) {
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: "reverification",
      message: "For your security, please confirm it is you before making this change.",
    });
  }

  /** Turns two-step verification on; returns the authenticator URI, backup codes and the new session cookie. */
  async function enableTwoStep(user: TestUser) {
    const enable = await post("/api/auth/two-factor/enable", user, { password: PASSWORD });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const confirm = await post("/api/auth/two-factor/verify-totp", user, { code: totpCode(totpURI) });
    expect(confirm.status).toBe(200);
    // Turning it on replaces the session.
    const cookie = sessionCookieOf(confirm);
    return { totpURI, backupCodes, cookie };
  }

  /** The password step of a sign-in; with two-step verification on it answers with the second step's cookie. */
  async function passwordStep(email: string) {
    const res = await started.server.fetch("/api/auth/sign-in/email", json({ email, password: PASSWORD }));
    expect(res.status).toBe(200);
    return { body: await res.json(), cookie: cookieOf(res).join("; ") };
  }

  it("needs a session verified in the last 10 minutes for every sensitive change, ours and the library's", async () => {
    const user = await started.signIn("Vera Verify");
    await ageSession(user);
    const sensitive: [string, unknown][] = [
      ["/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "a new long password" }],
      ["/api/auth/two-factor/enable", { password: PASSWORD }],
      ["/api/auth/two-factor/disable", { password: PASSWORD }],
      ["/api/auth/two-factor/generate-backup-codes", { password: PASSWORD }],
      ["/api/auth/two-factor/get-totp-uri", { password: PASSWORD }],
      ["/api/auth/revoke-other-sessions", {}],
      ["/api/auth/revoke-sessions", {}],
      ["/api/auth/delete-user", {}],
      ["/api/account/password", { newPassword: "a new long password" }],
      ["/api/account/delete", { confirmation: "Delete account" }],
    ];
    for (const [path, body] of sensitive) await expectReverification(await post(path, user, body));

    const state = await (await started.server.fetch("/api/account/security", { headers: { cookie: user.cookie } })).json();
    expect(state).toEqual({
      hasPassword: true,
      twoFactorEnabled: false,
      reverification: "password",
      recentlyVerified: false,
      passwordComplexity: false,
      passkeys: [],
    });

    const wrong = await post("/api/account/reverification", user, { answer: "not my password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "form_password_incorrect" });
    expect((await post("/api/account/reverification", user, { answer: PASSWORD })).status).toBe(200);

    const change = await post("/api/auth/change-password", user, { currentPassword: PASSWORD, newPassword: "a new long password" });
    expect(change.status).toBe(200);
  });

  it("verifies an account without a password by a mailed code", async () => {
    const user = await started.signIn("Gabi Google");
    // Fixture: an account that signs in with Google only.
    await started.server.db
      .updateTable("account")
      .set({ providerId: "google", accountId: randomUUID(), password: null })
      .where("userId", "=", user.id)
      .execute();
    await ageSession(user);
    const state = await (await started.server.fetch("/api/account/security", { headers: { cookie: user.cookie } })).json();
    expect(state).toMatchObject({ hasPassword: false, reverification: "email" });

    const sent = started.smtp.messages.length;
    expect((await post("/api/account/reverification/code", user)).status).toBe(200);
    const mail = await started.smtp.waitFor(user.email, (m) => started.smtp.messages.indexOf(m) >= sent);
    expect(mail.subject).toBe("Your security code");
    const code = codeIn(mail);
    const wrong = await post("/api/account/reverification", user, { answer: code === "000000" ? "111111" : "000000" });
    expect(await wrong.json()).toMatchObject({ code: "form_code_incorrect" });
    expect((await post("/api/account/reverification", user, { answer: code })).status).toBe(200);
    // Single use.
    expect((await post("/api/account/reverification", user, { answer: code })).status).toBe(400);
    expect((await post("/api/account/password", user, { newPassword: "a first long password" })).status).toBe(200);
  });

  it("sets up the authenticator, asks for it at sign-in, and takes each backup code once", async () => {
    const user = await started.signIn("Toni Totp");
    const { totpURI, backupCodes, cookie } = await enableTwoStep(user);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Recruiting%20CRM:/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const state = await (await started.server.fetch("/api/account/security", { headers: { cookie } })).json();
    expect(state).toMatchObject({ twoFactorEnabled: true, reverification: "totp" });

    // The password alone gives no session.
    const first = await passwordStep(user.email);
    // The library names text message codes for every two-step account; the second step offers them only
    // where they are on (GET /api/auth/phone/second-factor, tests/integration/phone-sms.test.ts).
    expect(first.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
    expect(first.cookie).not.toMatch(/session_token=/);
    const wrong = await started.server.fetch("/api/auth/two-factor/verify-totp", json({ code: "000000" }, { cookie: first.cookie }));
    expect(wrong.status).toBe(401);
    const withCode = await started.server.fetch(
      "/api/auth/two-factor/verify-totp",
      json({ code: totpCode(totpURI) }, { cookie: first.cookie }),
    );
    expect(withCode.status).toBe(200);
    expect(sessionCookieOf(withCode)).toBeTruthy();

    // A backup code works once, typed in any case, with a space for the dash.
    const second = await passwordStep(user.email);
    const typed = (backupCodes[0] as string).toLowerCase().replace("-", " ");
    const backup = await started.server.fetch("/api/auth/two-factor/verify-backup-code", json({ code: typed }, { cookie: second.cookie }));
    expect(backup.status).toBe(200);
    const third = await passwordStep(user.email);
    const reused = await started.server.fetch(
      "/api/auth/two-factor/verify-backup-code",
      json({ code: backupCodes[0] }, { cookie: third.cookie }),
    );
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: "form_code_incorrect" });

    // New codes replace all the old ones.
    const regenerate = await started.server.fetch("/api/auth/two-factor/generate-backup-codes", json({ password: PASSWORD }, { cookie }));
    expect(regenerate.status).toBe(200);
    const { backupCodes: fresh } = (await regenerate.json()) as { backupCodes: string[] };
    expect(fresh).toHaveLength(10);
    const fourth = await passwordStep(user.email);
    const old = await started.server.fetch(
      "/api/auth/two-factor/verify-backup-code",
      json({ code: backupCodes[1] }, { cookie: fourth.cookie }),
    );
    expect(old.status).toBe(401);
    const renewed = await started.server.fetch(
      "/api/auth/two-factor/verify-backup-code",
      json({ code: fresh[0] }, { cookie: fourth.cookie }),
    );
    expect(renewed.status).toBe(200);

    // Later, the authenticator is the proof asked for again; then two-step verification is removed.
    const owner = { cookie };
    await ageSession(owner);
    await expectReverification(await post("/api/auth/two-factor/disable", owner, { password: PASSWORD }));
    expect((await post("/api/account/reverification", owner, { answer: PASSWORD })).status).toBe(400);
    expect((await post("/api/account/reverification", owner, { answer: totpCode(totpURI) })).status).toBe(200);
    const disable = await post("/api/auth/two-factor/disable", owner, { password: PASSWORD });
    expect(disable.status).toBe(200);
    const plain = await started.server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: PASSWORD }));
    expect(sessionCookieOf(plain)).toBeTruthy();
    expect(await started.server.db.selectFrom("twoFactor").select("id").where("userId", "=", user.id).execute()).toEqual([]);
  });

  it("refuses to delete the only admin of a team with members, or a running subscription", async () => {
    const fixture = await teamFixture(started.server, started.smtp, `Delta ${randomUUID().slice(0, 6)}`);
    const soleAdmin = await post("/api/account/delete", fixture.admin, { confirmation: "Delete account" });
    expect(soleAdmin.status).toBe(409);
    expect(await soleAdmin.json()).toMatchObject({ code: "delete_sole_admin", message: expect.stringContaining(fixture.team.name) });

    const subscriber = await started.signIn("Sue Subscriber");
    await subscribePro(started.server, subscriber);
    const running = await post("/api/account/delete", subscriber, { confirmation: "Konto löschen" });
    expect(running.status).toBe(409);
    expect(await running.json()).toMatchObject({ code: "delete_subscription" });

    const unconfirmed = await post("/api/account/delete", fixture.member, { confirmation: "delete" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({ code: "delete_confirmation" });
  });

  it("erases the account and signs the browser out, keeping only what invoices need", async () => {
    const fixture = await teamFixture(started.server, started.smtp, `Echo ${randomUUID().slice(0, 6)}`);
    const { member } = fixture;
    await enableTwoStep(member).then(({ cookie }) => {
      member.cookie = cookie;
    });
    const other = await passwordStep(member.email);
    expect(other.body.twoFactorRedirect).toBe(true);
    // Fixture: billing records of an earlier, ended subscription, which invoices refer to.
    await started.server.db
      .insertInto("billing_customer")
      .values({ user_id: member.id, provider: "local", customer_id: "cus_old" })
      .execute();

    // The account speaks German; the page asking to delete it is English: the goodbye is in German.
    await started.server.db.updateTable("user").set({ locale: "de" }).where("id", "=", member.id).execute();
    const res = await post("/api/account/delete", member, { confirmation: "Delete account" });
    expect(res.status).toBe(200);
    const goodbye = await started.smtp.waitFor(member.email, (m) => m.subject === "Ihr Recruiting-CRM-Konto wurde gelöscht");
    expect(goodbye.text).toContain("Wie gewünscht wurde Ihr Recruiting-CRM-Konto gelöscht");
    expect(goodbye.html).toContain('lang="de"');
    // Once delivered, the goodbye's record names the tombstone, not the address (docs/decisions/149).
    await expect
      .poll(async () =>
        started.server.db
          .selectFrom("mail_outbox")
          .select(["to", "sent_at"])
          .where("topic", "=", "account-goodbye")
          .where("ref", "=", member.id)
          .execute(),
      )
      .toEqual([{ to: `deleted-${member.id}@deleted.invalid`, sent_at: expect.any(Date) }]);
    const kept = await started.server.db.selectFrom("mail_outbox").select("data").where("ref", "=", member.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(kept.data)).not.toContain(member.email);
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /session_token=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await (await started.server.fetch("/api/auth/get-session", { headers: { cookie: member.cookie } })).json()).toBeNull();

    const rows = async (table: string, column: string, value: string) =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(
            started.server.db,
          )
        ).rows[0]?.n,
      );
    expect({
      session: await rows("session", "userId", member.id),
      account: await rows("account", "userId", member.id),
      twoFactor: await rows("twoFactor", "userId", member.id),
      member: await rows("member", "userId", member.id),
      invitationsTo: await rows("invitation", "email", member.email),
      verificationByUser: await rows("verification", "value", member.id),
      billingCustomer: await rows("billing_customer", "user_id", member.id),
    }).toEqual({ session: 0, account: 0, twoFactor: 0, member: 0, invitationsTo: 0, verificationByUser: 0, billingCustomer: 1 });
    const tombstone = await started.server.db.selectFrom("user").selectAll().where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({
      name: "",
      email: `deleted-${member.id}@deleted.invalid`,
      firstName: null,
      lastName: null,
      image: null,
      twoFactorEnabled: false,
    });
    // The team and its other people stay.
    expect(await rows("member", "organizationId", fixture.team.id)).toBe(3);
    // The address is free again, and the old password opens nothing.
    const signIn = await started.server.fetch("/api/auth/sign-in/email", json({ email: member.email, password: PASSWORD }));
    expect(signIn.status).toBe(401);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { SecurityEvent, SecurityEventPage } from "../../core/security-log.js";
import { collectUserData } from "../../server/account/user-data.js";
import { setOperatorRole } from "../../server/operator/users.js";
import { as } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { codeIn } from "../support/smtp.js";
import { totpCode } from "../support/totp.js";
import { json, type TestUser } from "./billing-support.js";

const PASSWORD = "correct horse battery";
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const CHROME_MAC_NEXT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";
const sessionCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .find((c) => c.includes("session_token=") && !c.endsWith("=")) as string;

describe.each(DATABASE_KINDS)("the user's security log on %s", (kind) => {
  const started = serverWithMail(kind);

  const post = (path: string, user: { cookie: string }, body: unknown = {}, headers: Record<string, string> = {}) =>
    started.server.fetch(path, json(body, { cookie: user.cookie, "user-agent": CHROME_MAC, ...headers }));
  const events = async (user: { cookie: string }, page = 1) => {
    const res = await started.server.fetch(`/api/account/security-events?page=${page}`, { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as SecurityEventPage;
  };
  const typesOf = (items: SecurityEvent[]) => items.map((e) => (e.subject ? `${e.type}:${e.subject}` : e.type));
  /** A user signed up and in from a Chrome on a Mac: that device is the account's first. */
  const newUser = (name = "Sam Secure") => started.signIn(name, { "user-agent": CHROME_MAC });

  it("answers 401 without a session, before reading the query", async () => {
    const res = await started.server.fetch("/api/account/security-events?page=x");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
  });

  it("refuses a page that is not a positive number", async () => {
    const user = await newUser();
    for (const page of ["0", "-1", "x"]) {
      const res = await started.server.fetch(`/api/account/security-events?page=${page}`, { headers: as(user) });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: expect.any(String) });
    }
  });

  it("notes the first device silently and records a sign-in from another one, not from an updated browser", async () => {
    const user = await newUser();
    expect((await events(user)).items).toEqual([]);
    const signIn = (ua: string) =>
      started.server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: PASSWORD }, { "user-agent": ua }));
    expect((await signIn(CHROME_MAC_NEXT)).status).toBe(200);
    expect((await events(user)).items).toEqual([]);
    expect((await signIn(FIREFOX_WINDOWS)).status).toBe(200);
    const { items, total } = await events(user);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      type: "new_device_sign_in",
      actor: "self",
      browser: "Firefox 125",
      os: "Windows 10",
      addressHash: expect.stringMatching(/^[0-9a-f]{8}$/),
      subject: null,
    });
    // Known now: the next sign-in from it is no news.
    expect((await signIn(FIREFOX_WINDOWS)).status).toBe(200);
    expect((await events(user)).total).toBe(1);
  });

  it("records password, second factor, backup codes and ended sessions, newest first, and nothing for a refused change", async () => {
    const user = await newUser();
    // A wrong current password changes nothing and records nothing.
    const wrong = await post("/api/auth/change-password", user, {
      currentPassword: "not the password",
      newPassword: "a new long password",
    });
    expect(wrong.status).toBe(400);
    expect((await events(user)).total).toBe(0);

    const changed = await post("/api/auth/change-password", user, { currentPassword: PASSWORD, newPassword: "a new long password" });
    expect(changed.status).toBe(200);

    const enable = await post("/api/auth/two-factor/enable", user, { password: "a new long password" });
    expect(enable.status).toBe(200);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const confirm = await post("/api/auth/two-factor/verify-totp", user, { code: totpCode(totpURI) });
    expect(confirm.status).toBe(200);
    const signedIn: TestUser = { ...user, cookie: sessionCookieOf(confirm) };
    // Proving it is you with the authenticator later adds nothing.
    const again = await post("/api/account/reverification", signedIn, { answer: totpCode(totpURI, Date.now() + 30_000) });
    expect(again.status).toBe(200);

    expect((await post("/api/auth/two-factor/generate-backup-codes", signedIn, { password: "a new long password" })).status).toBe(200);
    const disabled = await post("/api/auth/two-factor/disable", signedIn, { password: "a new long password" });
    expect(disabled.status).toBe(200);
    // Turning it off replaces the session too.
    const afterwards = { ...user, cookie: sessionCookieOf(disabled) };
    expect((await post("/api/account/devices/sign-out-others", afterwards)).status).toBe(200);

    const { items, total } = await events(afterwards);
    expect(typesOf(items)).toEqual([
      "sessions_ended",
      "second_factor_removed:totp",
      "backup_codes_regenerated",
      "second_factor_added:totp",
      "password_changed",
    ]);
    expect(total).toBe(5);
    expect(items.every((e) => e.actor === "self" && e.browser === "Chrome 124" && e.os?.startsWith("macOS"))).toBe(true);
  });

  it("records a further e-mail address added, made primary and removed", async () => {
    const user = await newUser();
    const email = `second-${crypto.randomUUID()}@example.com`;
    const added = await post("/api/account/emails", user, { email });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    // A wrong code adds nothing.
    expect((await post(`/api/account/emails/${id}/verify`, user, { code: "000000" })).status).toBe(400);
    expect((await events(user)).total).toBe(0);
    expect((await post(`/api/account/emails/${id}/verify`, user, { code: codeIn(await started.smtp.waitFor(email)) })).status).toBe(200);
    expect((await post(`/api/account/emails/${id}/primary`, user)).status).toBe(200);
    expect(typesOf((await events(user)).items)).toEqual(["email_primary", "email_added"]);
  });

  it("pages the log ten at a time", async () => {
    const user = await newUser();
    for (let i = 0; i < 12; i++) {
      expect((await post("/api/auth/two-factor/generate-backup-codes", user, { password: PASSWORD })).status).toBe(400);
    }
    // Backup codes of an account without two-step verification fail: refused changes record nothing.
    expect((await events(user)).total).toBe(0);
    const enable = await post("/api/auth/two-factor/enable", user, { password: PASSWORD });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const signedIn = {
      ...user,
      cookie: sessionCookieOf(await post("/api/auth/two-factor/verify-totp", user, { code: totpCode(totpURI) })),
    };
    for (let i = 0; i < 11; i++) {
      expect((await post("/api/auth/two-factor/generate-backup-codes", signedIn, { password: PASSWORD })).status).toBe(200);
    }
    const first = await events(signedIn, 1);
    const second = await events(signedIn, 2);
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(typesOf(second.items)).toEqual(["backup_codes_regenerated", "second_factor_added:totp"]);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(12);
  });

  describe("operator actions on the account", () => {
    let operator: TestUser;
    beforeAll(async () => {
      operator = await started.signIn("Olga Operator");
      await setOperatorRole(started.server.db, operator.email, true);
    });
    const audit = async (targetId: string) =>
      (await (await started.server.fetch(`/api/admin/audit-log?target=${targetId}`, { headers: as(operator) })).json()).items as {
        action: string;
        outcome: string;
      }[];

    it("are recorded with their audit entry, without the operator's device; a refused one only in the audit log", async () => {
      const user = await newUser();
      const refused = await started.server.fetch(`/api/admin/users/${user.id}/complimentary/end`, json({}, as(operator)));
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect((await events(user)).total).toBe(0);

      const granted = await started.server.fetch(`/api/admin/users/${user.id}/complimentary`, json({ endsAt: null }, as(operator)));
      expect(granted.status).toBe(200);
      const revoked = await started.server.fetch(`/api/admin/users/${user.id}/sessions/revoke`, json({}, as(operator)));
      expect(revoked.status).toBe(200);

      expect((await audit(user.id)).map((e) => `${e.action}:${e.outcome}`)).toEqual([
        "user.sessions.revoke:success",
        "user.complimentary.grant:success",
        "user.complimentary.end:failure",
      ]);
      // The user signs in again to read their log.
      const signIn = await started.server.fetch(
        "/api/auth/sign-in/email",
        json({ email: user.email, password: PASSWORD }, { "user-agent": CHROME_MAC }),
      );
      const again = { ...user, cookie: sessionCookieOf(signIn) };
      const { items } = await events(again);
      expect(typesOf(items)).toEqual(["operator_action:user.sessions.revoke", "operator_action:user.complimentary.grant"]);
      expect(items.every((e) => e.actor === "operator" && e.browser === null && e.addressHash === null)).toBe(true);
    });

    it("a refused change on a team is recorded as a failure, and in no user's log", async () => {
      const user = await newUser();
      const res = await started.server.fetch(`/api/admin/teams/no-such-team/members/no-such-member/remove`, json({}, as(operator)));
      expect(res.status).toBe(404);
      const entries = await audit("no-such-team");
      expect(entries.map((e) => `${e.action}:${e.outcome}`)).toEqual(["team.member.remove:failure"]);
      expect((await events(user)).total).toBe(0);
    });
  });

  it("is part of the data export and goes with the account's erasure", async () => {
    const user = await newUser();
    expect((await post("/api/auth/change-password", user, { currentPassword: PASSWORD, newPassword: "a new long password" })).status).toBe(
      200,
    );
    const signIn = await started.server.fetch(
      "/api/auth/sign-in/email",
      json({ email: user.email, password: "a new long password" }, { "user-agent": FIREFOX_WINDOWS }),
    );
    const firefox = { ...user, cookie: sessionCookieOf(signIn) };
    const data = await collectUserData(started.server.db, user.id);
    expect(data.securityLog.map((e) => e.type)).toEqual(["password_changed", "new_device_sign_in"]);
    expect(data.securityDevices).toHaveLength(2);

    const deleted = await post("/api/account/delete", firefox, { confirmation: "Delete account" });
    expect(deleted.status).toBe(200);
    expect(await started.server.db.selectFrom("security_event").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await started.server.db.selectFrom("security_device").select("user_id").where("user_id", "=", user.id).execute()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

/** One browser's cookies: every Set-Cookie applied, as a browser would, so several accounts can share it. */
class Browser {
  cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  async fetch(server: TestServer, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set("cookie", this.header());
    const res = await server.fetch(path, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split(/=(.*)/s);
      const expired = value === "" || attributes.some((a) => /^\s*max-age=(0|-)/i.test(a));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }
  signIn(server: TestServer, email: string) {
    return this.fetch(server, "/api/auth/sign-in/email", json({ email, password: "correct horse battery" }));
  }
}

describe.each(DATABASE_KINDS)("operator actions on users on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let operator: TestUser;
  let user: TestUser;
  let otherOperator: TestUser;

  const post = (actor: TestUser | null, path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    server.fetch(path, json(body, as(actor, headers)));
  const audit = async (targetId: string) => {
    const res = await server.fetch(`/api/admin/audit-log?target=${targetId}`, { headers: as(operator) });
    return ((await res.json()).items as { action: string; outcome: string }[]).map((e) => `${e.action}:${e.outcome}`);
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    operator = await signedInUser(server, smtp, "Olga Operator");
    await setOperatorRole(server.db, operator.email, true);
    otherOperator = await signedInUser(server, smtp, "Otto Operator");
    await setOperatorRole(server.db, otherOperator.email, true);
    user = await signedInUser(server, smtp, "Ulla User");
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  describe("impersonation", () => {
    it("acts as the user for at most an hour, outside the account switcher, keeping the user's own sessions, then returns the operator", async () => {
      // The user and the operator are both signed in in one browser, the operator's account active.
      const browser = new Browser();
      expect((await browser.signIn(server, user.email)).status).toBe(200);
      expect((await browser.signIn(server, operator.email)).status).toBe(200);
      const ownSessions = await server.db.selectFrom("session").select("token").where("userId", "=", user.id).execute();

      const start = await browser.fetch(server, `/api/admin/users/${user.id}/impersonate`, json({}));
      expect(start.status).toBe(200);
      const session = await (await browser.fetch(server, "/api/auth/get-session")).json();
      expect(session.user.id).toBe(user.id);
      const operatorId = operator.id;
      expect(session.session.impersonatedBy).toBe(operatorId);
      const expiresIn = new Date(session.session.expiresAt).getTime() - Date.now();
      expect(expiresIn).toBeLessThanOrEqual(60 * 60 * 1000);
      expect(expiresIn).toBeGreaterThan(50 * 60 * 1000);

      // Reading the session again does not extend it.
      const stored = await server.db
        .selectFrom("session")
        .select("expiresAt")
        .where("impersonatedBy", "=", operatorId)
        .executeTakeFirstOrThrow();
      await browser.fetch(server, "/api/account/devices");
      const again = await server.db
        .selectFrom("session")
        .select("expiresAt")
        .where("impersonatedBy", "=", operatorId)
        .executeTakeFirstOrThrow();
      expect(new Date(again.expiresAt).getTime()).toBe(new Date(stored.expiresAt).getTime());

      // The account switcher lists the accounts signed in before, not the impersonation.
      const devices = await (await browser.fetch(server, "/api/auth/multi-session/list-device-sessions")).json();
      expect(devices.map((d: { user: { id: string } }) => d.user.id).sort()).toEqual([operator.id, user.id].sort());
      expect(devices.every((d: { session: { impersonatedBy?: string | null } }) => !d.session.impersonatedBy)).toBe(true);
      // The user's own sessions are all still there.
      for (const { token } of ownSessions) {
        expect(await server.db.selectFrom("session").select("id").where("token", "=", token).executeTakeFirst()).toBeDefined();
      }
      // An impersonated session is never an operator's.
      expect((await browser.fetch(server, "/api/admin/overview")).status).toBe(403);

      const stop = await browser.fetch(server, "/api/impersonation/stop", json({}));
      expect(await stop.json()).toEqual({ userId: user.id, operatorSignedIn: true });
      const back = await (await browser.fetch(server, "/api/auth/get-session")).json();
      expect(back.user.id).toBe(operatorId);
      expect(back.session.impersonatedBy ?? null).toBeNull();
      expect(await server.db.selectFrom("session").select("id").where("impersonatedBy", "=", operatorId).execute()).toEqual([]);
      expect((await browser.fetch(server, "/api/admin/overview")).status).toBe(200);
      expect(await audit(user.id)).toEqual(["user.impersonate.stop:success", "user.impersonate:success"]);
      // The user's own session outside this browser works as before.
      expect((await (await server.fetch("/api/auth/get-session", { headers: as(user) })).json()).user.id).toBe(user.id);
    });

    it("refuses to impersonate an operator, oneself or an unknown user, and records the refusals", async () => {
      for (const target of [otherOperator.id, operator.id]) {
        const res = await post(operator, `/api/admin/users/${target}/impersonate`, {}, { "x-language": "de" });
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({
          code: "operator_not_impersonable",
          message: "Betreiber können nicht übernommen werden.",
        });
      }
      expect((await post(operator, "/api/admin/users/nobody/impersonate")).status).toBe(404);
      expect(await audit(otherOperator.id)).toEqual(["user.impersonate:failure"]);
      expect(await server.db.selectFrom("session").select("id").where("impersonatedBy", "is not", null).execute()).toEqual([]);
    });

    it("signs out when the operator's own session ended meanwhile, and refuses to stop a session that is no impersonation", async () => {
      const browser = new Browser();
      await browser.signIn(server, otherOperator.email);
      await browser.fetch(server, `/api/admin/users/${user.id}/impersonate`, json({}));
      await server.db.deleteFrom("session").where("userId", "=", otherOperator.id).execute();
      const stop = await browser.fetch(server, "/api/impersonation/stop", json({}));
      expect(await stop.json()).toEqual({ userId: user.id, operatorSignedIn: false });
      expect(await (await browser.fetch(server, "/api/auth/get-session")).json()).toBeNull();
      const notImpersonating = await post(user, "/api/impersonation/stop");
      expect(notImpersonating.status).toBe(400);
      expect((await notImpersonating.json()).code).toBe("not_impersonating");
    });
  });

  describe("resending the verification code", () => {
    it("sends an unverified user the sign-up's verification mail again, and refuses a verified one", async () => {
      const email = `late-${Date.now()}@example.com`;
      const signUp = await server.fetch(
        "/api/auth/sign-up/email",
        json({ name: "Vera Late", email, password: "correct horse battery", legalConsent: true, locale: "de" }),
      );
      expect(signUp.status).toBe(200);
      const first = await smtp.waitFor(email);
      const { id } = await server.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();

      expect((await post(operator, `/api/admin/users/${id}/verification`)).status).toBe(200);
      const second = await smtp.waitFor(email, (m) => m !== first);
      expect(second.subject).toBe(first.subject);
      const verify = await server.fetch("/api/auth/email-otp/verify-email", json({ email, otp: codeIn(second) }));
      expect(verify.status).toBe(200);

      const again = await post(operator, `/api/admin/users/${id}/verification`, {}, { "x-language": "de" });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ code: "already_verified", message: "Diese Adresse ist bereits bestätigt." });
      expect(await audit(id)).toEqual(["user.verification.resend:failure", "user.verification.resend:success"]);
    });
  });

  describe("the complimentary pro plan", () => {
    const view = async (who: TestUser) => (await server.fetch("/api/subscription", { headers: as(who) })).json();

    it("gives pro until an operator ends it, through the subscription view", async () => {
      const guest = await signedInUser(server, smtp, "Gina Guest");
      expect(await view(guest)).toMatchObject({ isPro: false, active: false });
      const past = await post(operator, `/api/admin/users/${guest.id}/complimentary`, { endsAt: "2020-01-01T00:00:00Z" });
      expect(past.status).toBe(400);
      expect((await post(operator, `/api/admin/users/${guest.id}/complimentary`, {})).status).toBe(200);
      expect(await view(guest)).toMatchObject({ isPro: true, active: true, status: "active", cancelAt: null });
      const detail = await (await server.fetch(`/api/admin/users/${guest.id}`, { headers: as(operator) })).json();
      expect(detail).toMatchObject({ planType: "pro", complimentary: { endsAt: null } });
      // The console's subscription list shows it under its own source.
      const list = await (await server.fetch("/api/admin/subscriptions?status=active", { headers: as(operator) })).json();
      expect(list.items).toContainEqual(expect.objectContaining({ provider: "complimentary", email: guest.email, price: null }));
      // The users list filters by the subscription status the user holds now.
      const active = await (await server.fetch("/api/admin/users?subscription=active", { headers: as(operator) })).json();
      expect(active.items.map((u: { id: string }) => u.id)).toEqual([guest.id]);
      expect((await server.fetch("/api/admin/users?subscription=paused", { headers: as(operator) })).status).toBe(400);

      expect((await post(operator, `/api/admin/users/${guest.id}/complimentary/end`)).status).toBe(200);
      expect(await view(guest)).toMatchObject({ isPro: false, active: false });
      const twice = await post(operator, `/api/admin/users/${guest.id}/complimentary/end`);
      expect(twice.status).toBe(409);
      expect(await audit(guest.id)).toEqual([
        "user.complimentary.end:failure",
        "user.complimentary.end:success",
        "user.complimentary.grant:success",
        "user.complimentary.grant:failure",
      ]);
    });

    it("ends on its end date, and ending it early leaves a paid subscription's pro in place", async () => {
      const payer = await signedInUser(server, smtp, "Paula Payer");
      await subscribePro(server, payer, "Payer Hiring");
      const soon = new Date(Date.now() + 3 * 86_400_000);
      expect((await post(operator, `/api/admin/users/${payer.id}/complimentary`, { endsAt: soon.toISOString() })).status).toBe(200);
      expect((await post(operator, `/api/admin/users/${payer.id}/complimentary/end`)).status).toBe(200);
      expect(await view(payer)).toMatchObject({ isPro: true, status: "trialing" });

      const timed = await signedInUser(server, smtp, "Tim Timed");
      await post(operator, `/api/admin/users/${timed.id}/complimentary`, { endsAt: soon.toISOString() });
      expect(await view(timed)).toMatchObject({ isPro: true, cancelAt: soon.toISOString() });
      await server.db
        .updateTable("billing_subscription")
        .set({ current_period_end: new Date(Date.now() - 1000) })
        .where("user_id", "=", timed.id)
        .execute();
      expect(await view(timed)).toMatchObject({ isPro: false, active: false });
    });
  });

  describe("deleting a user", () => {
    it("erases the user after the typed address, with the refusals of self-service deletion", async () => {
      const leaving = await signedInUser(server, smtp, "Lea Leaving");
      const wrong = await post(operator, `/api/admin/users/${leaving.id}/delete`, { confirmation: "yes" }, { "x-language": "de" });
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).message).toBe("Geben Sie zur Bestätigung genau die E-Mail-Adresse des Nutzers ein.");
      const oper = await post(operator, `/api/admin/users/${otherOperator.id}/delete`, { confirmation: otherOperator.email });
      expect(oper.status).toBe(409);

      const paying = await signedInUser(server, smtp, "Pia Paying");
      await subscribePro(server, paying);
      const running = await post(operator, `/api/admin/users/${paying.id}/delete`, { confirmation: paying.email });
      expect(running.status).toBe(409);
      expect((await running.json()).code).toBe("delete_subscription");

      // A complimentary plan charges nothing and does not hold the deletion up.
      await post(operator, `/api/admin/users/${leaving.id}/complimentary`, {});
      const done = await post(operator, `/api/admin/users/${leaving.id}/delete`, { confirmation: ` ${leaving.email.toUpperCase()} ` });
      expect(done.status).toBe(200);
      const row = await server.db.selectFrom("user").select(["email", "name"]).where("id", "=", leaving.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ email: `deleted-${leaving.id}@deleted.invalid`, name: "" });
      expect(await (await server.fetch("/api/auth/get-session", { headers: as(leaving) })).json()).toBeNull();
      const signIn = await server.fetch("/api/auth/sign-in/email", json({ email: leaving.email, password: "correct horse battery" }));
      expect(signIn.status).toBe(401);
      expect((await post(operator, `/api/admin/users/${leaving.id}/delete`, { confirmation: leaving.email })).status).toBe(404);
      const entries = await server.db
        .selectFrom("audit_log")
        .select(["action", "outcome", "targetLabel"])
        .where("targetId", "=", leaving.id)
        .where("action", "=", "user.delete")
        .orderBy("id")
        .execute();
      expect(entries).toEqual([
        // Entries from before the erasure name the tombstone (docs/decisions/083).
        { action: "user.delete", outcome: "failure", targetLabel: `deleted-${leaving.id}@deleted.invalid` },
        { action: "user.delete", outcome: "success", targetLabel: null },
        { action: "user.delete", outcome: "failure", targetLabel: null },
      ]);
    });
  });
});

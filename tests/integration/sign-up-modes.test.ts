import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, signedInUser } from "../integration/billing-support.js";
import { subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startOidcServer } from "../support/oidc.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";

const run = promisify(execFile);
const PASSWORD = "correct horse battery";
/** Starting a server on a fresh embedded database can take long on a busy machine. */
const START_TIMEOUT = 120_000;

const signUp = (server: TestServer, email: string, headers: Record<string, string> = {}) =>
  server.fetch("/api/auth/sign-up/email", json({ name: "New Person", email, password: PASSWORD, legalConsent: true }, headers));

describe.each(DATABASE_KINDS)("sign-up modes on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp?.close());

  describe("public (the default)", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, { SMTP_URL: smtp.url });
    }, START_TIMEOUT);
    afterAll(() => server?.stop());

    it("lets everyone sign up, says so to the pages, and has no waitlist", async () => {
      expect(await (await server.fetch("/api/site-config")).json()).toMatchObject({ signUpMode: "public" });
      expect((await signUp(server, `anyone-${randomUUID()}@outside.test`)).status).toBe(200);
      const res = await server.fetch("/api/waitlist", json({ email: "someone@outside.test" }, { "x-language": "de" }));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        code: "waitlist_closed",
        message: "Derzeit gibt es keine Warteliste: Die Registrierung ist offen.",
      });
    });
  });

  describe("restricted", () => {
    let server: TestServer;
    let oidc: Awaited<ReturnType<typeof startOidcServer>>;
    beforeAll(async () => {
      oidc = await startOidcServer();
      // The test's team admins sign up at example.com, which the operator allowlisted.
      server = await startTestServer(kind, {
        ...oidc.env,
        SMTP_URL: smtp.url,
        SIGNUP_MODE: "restricted",
        EMAIL_ALLOWLIST: "example.com, guest@friends.test",
      });
    }, START_TIMEOUT);
    afterAll(async () => {
      await server?.stop();
      await oidc?.stop();
    });

    it("sends a Google sign-up of an address nobody invited back to the page with the refusal's code", async () => {
      const start = await server.fetch(
        "/api/auth/sign-in/social",
        json({
          provider: "google",
          callbackURL: "/en/sign-up?oauth=complete",
          errorCallbackURL: "/en/sign-up?oauth=error",
          additionalData: { legalConsent: true },
        }),
      );
      const { url } = (await start.json()) as { url: string };
      const identity = { email: `g-stranger-${randomUUID()}@outside.test`, given_name: "Grace", family_name: "Stranger" };
      const authorize = await fetch(url, { redirect: "manual", headers: { cookie: oidc.identityCookie(identity) } });
      const callback = authorize.headers.get("location") as string;
      const cookies = start.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const back = await server.fetch(callback.slice(server.url.length), { headers: { cookie: cookies } });
      expect(back.status).toBe(302);
      expect(back.headers.get("location")).toBe("/en/sign-up?oauth=error&error=sign_up_restricted");
      expect(back.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(false);
      expect(await server.db.selectFrom("user").select("id").where("email", "=", identity.email).executeTakeFirst()).toBeUndefined();
    });

    it("refuses an address nobody invited with a translated 403 and stores nothing", async () => {
      expect(await (await server.fetch("/api/site-config")).json()).toMatchObject({ signUpMode: "restricted" });
      const email = `stranger-${randomUUID()}@outside.test`;
      for (const [lang, message] of [
        ["en", "Sign-up is by invitation only, and this e-mail address has not been invited."],
        ["de", "Die Registrierung ist nur mit Einladung möglich, und diese E-Mail-Adresse wurde nicht eingeladen."],
      ] as const) {
        const res = await signUp(server, email, { "x-language": lang });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ code: "sign_up_restricted", message });
      }
      expect(await server.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    });

    it("lets allowlisted domains and addresses sign up", async () => {
      expect((await signUp(server, `colleague-${randomUUID()}@sub.example.com`)).status).toBe(200);
      expect((await signUp(server, "Guest@Friends.test")).status).toBe(200);
    });

    it("lets an address with a pending team invitation sign up, and it joins the team", async () => {
      const admin = await signedInUser(server, smtp, "Ada Admin");
      await subscribePro(server, admin, "Invite Only");
      const teams = await (await server.fetch("/api/teams?kind=admin", { headers: { cookie: admin.cookie } })).json();
      const team = teams.items[0] as { id: string };
      const hire = `hire-${randomUUID()}@outside.test`;
      const invite = await server.fetch(
        "/api/auth/organization/invite-member",
        json({ email: hire, role: "member", organizationId: team.id }, { cookie: admin.cookie }),
      );
      expect(invite.status).toBe(200);
      const { id: invitationId } = (await invite.json()) as { id: string };

      expect((await signUp(server, hire.toUpperCase())).status).toBe(200);
      // The invitation mail reaches the address as well; the code comes in its own mail.
      const code = codeIn(await smtp.waitFor(hire, (m) => /\b\d{6}\b/.test(m.text)));
      const verified = await server.fetch("/api/auth/email-otp/verify-email", json({ email: hire, otp: code }));
      expect(verified.status).toBe(200);
      const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] as string;
      const accept = await server.fetch("/api/auth/organization/accept-invitation", json({ invitationId }, { cookie }));
      expect(accept.status).toBe(200);
    });
  });

  describe("waitlist", () => {
    let server: TestServer;
    const env = () => ({ SMTP_URL: smtp.url, SIGNUP_MODE: "waitlist", RATE_LIMIT: "on", TRUSTED_IP_HEADER: "x-test-client" });
    // Each request group speaks from its own client address, so the limits of one do not reach another.
    let clients = 0;
    const from = (headers: Record<string, string> = {}) => ({ "x-test-client": `10.9.0.${++clients}`, ...headers });
    const tokenIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)?.[0] as string).searchParams.get("waitlist") as string;

    beforeAll(async () => {
      server = await startTestServer(kind, env());
    }, START_TIMEOUT);
    afterAll(async () => {
      await server?.close();
      await server?.database.drop();
    });

    it("refuses a sign-up of an address not let in, pointing to the waitlist", async () => {
      expect(await (await server.fetch("/api/site-config")).json()).toMatchObject({ signUpMode: "waitlist" });
      const res = await signUp(server, `early-${randomUUID()}@outside.test`, from({ "x-language": "de" }));
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "sign_up_waitlist", message: expect.stringMatching(/^Die Registrierung ist nur/) });
    });

    it("stores an address once per mailbox, mails one confirmation link, and confirms it", async () => {
      const id = randomUUID().slice(0, 8);
      const address = `wait.er.${id}@gmail.com`;
      const joined = await server.fetch("/api/waitlist", json({ email: `Wait.Er.${id}@Gmail.com` }, from({ "x-language": "de" })));
      expect(joined.status).toBe(202);
      const mail = await smtp.waitFor(address);
      expect(mail.subject).toBe("Bestätigen Sie Ihren Platz auf der Warteliste von Recruiting CRM");
      expect(mail.text).toContain("/de/sign-up?waitlist=");
      const token = tokenIn(mail.text);

      // The same mailbox again (Gmail ignores dots): the same answer, no second row, no second mail.
      const again = await server.fetch("/api/waitlist", json({ email: `waiter${id}@gmail.com` }, from()));
      expect(again.status).toBe(202);
      const rows = await server.db.selectFrom("waitlist").selectAll().where("normalized_email", "=", `waiter${id}@gmail.com`).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: address, status: "pending", language: "de" });
      expect(rows[0]?.token_hash).not.toContain(token);
      const queued = await server.db.selectFrom("mail_outbox").select("id").where("to", "=", address).execute();
      expect(queued).toHaveLength(1);

      expect((await server.fetch("/api/waitlist/confirm", json({ token }, from()))).status).toBe(200);
      // Opening the link again still answers as confirmed.
      expect((await server.fetch("/api/waitlist/confirm", json({ token }, from()))).status).toBe(200);
      const confirmed = await server.db
        .selectFrom("waitlist")
        .select(["status", "confirmed_at"])
        .where("email", "=", address)
        .executeTakeFirst();
      expect(confirmed?.status).toBe("confirmed");
      expect(confirmed?.confirmed_at).toBeTruthy();
      expect((await server.fetch("/api/waitlist", json({ email: address }, from()))).status).toBe(202);
      expect(await server.db.selectFrom("mail_outbox").select("id").where("to", "=", address).execute()).toHaveLength(1);
      // Still not let in: confirming keeps the place, the operator invites.
      expect((await signUp(server, address, from())).status).toBe(403);
    });

    it("refuses wrong links, malformed and throwaway addresses, translated", async () => {
      const wrong = await server.fetch("/api/waitlist/confirm", json({ token: "x".repeat(43) }, from({ "x-language": "de" })));
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({
        code: "waitlist_link_invalid",
        message: expect.stringMatching(/^Dieser Bestätigungslink/),
      });
      const malformed = await server.fetch("/api/waitlist", json({ email: "not an address" }, from()));
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ code: "waitlist_invalid", message: "Please enter a valid e-mail address." });
      const disposable = await server.fetch("/api/waitlist", json({ email: "someone@mailinator.com" }, from()));
      expect(disposable.status).toBe(403);
      expect(await disposable.json()).toMatchObject({ code: "not_allowed_access" });
    });

    it("limits joining per client address", async () => {
      const client = from();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await server.fetch("/api/waitlist", json({ email: `burst-${i}-${randomUUID()}@outside.test` }, client));
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
          expect((await res.json()).code).toBe("too_many_requests");
        }
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    });

    it("npm run waitlist lists the entries and invites one, whose invitation mail lets the address sign up", async () => {
      const id = randomUUID().slice(0, 8);
      const waiting = `patient-${id}@outside.test`;
      expect((await server.fetch("/api/waitlist", json({ email: waiting }, from({ "x-language": "de" })))).status).toBe(202);
      await smtp.waitFor(waiting);
      // The embedded database is opened by one process at a time: the operator stops the server first.
      await server.close();
      const cli = (...args: string[]) =>
        run(process.execPath, ["--import", "tsx", "server/cli/waitlist.ts", ...args], {
          env: {
            PATH: process.env.PATH,
            DATA_DIR: server.database.dataDir,
            DATABASE_URL: server.database.databaseUrl ?? "",
            BASE_URL: server.url,
            SIGNUP_MODE: "waitlist",
          },
        });
      const listed = await cli("list");
      expect(listed.stdout).toMatch(
        new RegExp(`^${waiting}\\tpending\\tde\\tjoined \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\tconfirmed -\\tinvited -$`, "m"),
      );
      const invited = await cli("invite", waiting);
      expect(invited.stdout).toContain(`${waiting} may sign up now`);
      await expect(cli("invite", "not-an-address")).rejects.toMatchObject({ code: 2 });
      expect((await cli("list")).stdout).toMatch(new RegExp(`^${waiting}\\tinvited\\t`, "m"));

      // The next server start delivers the queued invitation, in the language the address joined with.
      server = await startTestServer(kind, env(), server.database);
      const mail = await smtp.waitFor(waiting, (m) => m.subject === "Ihre Einladung zu Recruiting CRM");
      expect(mail.text).toMatch(/\/de\/sign-up\?invited=1/);
      expect((await signUp(server, waiting, from())).status).toBe(200);
      expect(codeIn(await smtp.waitFor(waiting, (m) => /verification code/i.test(m.subject)))).toMatch(/^\d{6}$/);
    }, 180_000);
  });
});

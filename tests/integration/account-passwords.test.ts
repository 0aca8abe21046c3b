import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";
import { json, signedInUser, type TestUser } from "./billing-support.js";

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;

/** 24 euro signs are 72 bytes in UTF-8 (and 24 characters); one more is 75 bytes. */
const AT_BYTE_LIMIT = "€".repeat(24);
const OVER_BYTE_LIMIT = "€".repeat(25);
/** On the offline list of common passwords. */
const COMMON = "iloveyou1";
/** Not on the offline list; the range API double reports it as breached. */
const BREACHED_ONLINE = "tangerine harbour 77";

const sha1 = (s: string) => createHash("sha1").update(s).digest("hex").toUpperCase();

/** A k-anonymity range API double: answers, answers slowly, or drops the connection. */
async function startRangeApi() {
  let mode: "answer" | "slow" | "down" = "answer";
  const prefixes: string[] = [];
  const breached = sha1(BREACHED_ONLINE);
  const server: Server = createServer((req, res) => {
    const prefix = (req.url ?? "").split("/").pop() ?? "";
    prefixes.push(prefix);
    if (mode === "down") return req.socket.destroy();
    const lines = [`${"0".repeat(35)}:0`, "00000000000000000000000000000000001:3"];
    if (prefix === breached.slice(0, 5)) lines.push(`${breached.slice(5)}:42`);
    const send = () => res.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
    if (mode === "slow") setTimeout(send, 3000);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/range/`,
    prefixes,
    set(next: typeof mode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DATABASE_KINDS)("new passwords on %s", (kind) => {
  let smtp: Smtp;
  let range: Awaited<ReturnType<typeof startRangeApi>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    range = await startRangeApi();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, PASSWORD_BREACH_RANGE_URL: range.url });
  });
  afterAll(async () => {
    await server?.stop();
    await range?.close();
    await smtp?.close();
  });

  const signUp = (password: string, email = `new-${randomUUID()}@example.com`) =>
    server.fetch("/api/auth/sign-up/email", json({ name: "Nora New", email, password, legalConsent: true }));

  async function refusedWith(res: Response, code: string) {
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code });
  }

  /** Sends a reset code to the user and sets the new password with it. */
  async function resetTo(email: string, password: string) {
    const sent = smtp.messages.length;
    await server.fetch("/api/auth/email-otp/request-password-reset", json({ email }));
    const mail = await smtp.waitFor(email, (m) => smtp.messages.indexOf(m) >= sent && /reset/i.test(m.subject));
    return server.fetch("/api/auth/email-otp/reset-password", json({ email, otp: codeIn(mail), password }));
  }

  /** A user who signs in only with Google: no password (fixture: the password sign-in removed). */
  async function userWithoutPassword(): Promise<TestUser> {
    const user = await signedInUser(server, smtp, "Gina Google");
    await server.db
      .updateTable("account")
      .set({ providerId: "google", accountId: randomUUID(), password: null })
      .where("userId", "=", user.id)
      .execute();
    return user;
  }

  it("counts the 72-byte limit in bytes, so multibyte characters reach it sooner", async () => {
    await refusedWith(await signUp(OVER_BYTE_LIMIT), "form_password_size_in_bytes_exceeded");
    expect((await signUp(AT_BYTE_LIMIT)).status).toBe(200);
    await refusedWith(await signUp("seven77"), "form_password_length_too_short");
  });

  it("refuses a common password on sign-up, reset, change and a first password", async () => {
    await refusedWith(await signUp(COMMON), "form_password_pwned");

    const user = await signedInUser(server, smtp, "Paul Password");
    await refusedWith(await resetTo(user.email, COMMON), "form_password_pwned");
    const change = await server.fetch(
      "/api/auth/change-password",
      json({ currentPassword: "correct horse battery", newPassword: COMMON }, { cookie: user.cookie }),
    );
    await refusedWith(change, "form_password_pwned");

    const google = await userWithoutPassword();
    const set = await server.fetch("/api/account/password", json({ newPassword: COMMON }, { cookie: google.cookie }));
    await refusedWith(set, "form_password_pwned");
    const good = await server.fetch("/api/account/password", json({ newPassword: "a long password" }, { cookie: google.cookie }));
    expect(good.status).toBe(200);
    const signIn = await server.fetch("/api/auth/sign-in/email", json({ email: google.email, password: "a long password" }));
    expect(signIn.status).toBe(200);
    const again = await server.fetch("/api/account/password", json({ newPassword: "another password" }, { cookie: google.cookie }));
    expect(again.status).toBe(409);
  });

  it("answers the first-password refusal translated, with its code", async () => {
    const google = await userWithoutPassword();
    const res = await server.fetch(
      "/api/account/password",
      json({ newPassword: OVER_BYTE_LIMIT }, { cookie: google.cookie, "x-language": "de" }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "form_password_size_in_bytes_exceeded", message: expect.stringMatching(/72 Byte/) });
  });

  it("asks the range API with five characters of the hash only and refuses what it reports", async () => {
    range.set("answer");
    range.prefixes.length = 0;
    await refusedWith(await signUp(BREACHED_ONLINE), "form_password_pwned");
    expect(range.prefixes).toEqual([sha1(BREACHED_ONLINE).slice(0, 5)]);
    expect((await signUp("plum orchard 1848")).status).toBe(200);
  });

  it("accepts the password when the range API is slow or down", async () => {
    range.set("slow");
    expect((await signUp(BREACHED_ONLINE)).status).toBe(200);
    range.set("down");
    expect((await signUp(BREACHED_ONLINE)).status).toBe(200);
    range.set("answer");
  });

  it("gives no session to a correct common password but asks for a reset", async () => {
    const user = await signedInUser(server, smtp, "Olga Old");
    // Fixture: a password set before the breach check existed.
    await server.db
      .updateTable("account")
      .set({ password: await hashPassword(COMMON) })
      .where("userId", "=", user.id)
      .execute();
    const before = await server.db.selectFrom("session").select("id").where("userId", "=", user.id).execute();

    const res = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: COMMON }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "form_password_pwned_sign_in" });
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(false);
    expect(await server.db.selectFrom("session").select("id").where("userId", "=", user.id).execute()).toEqual(before);

    // A wrong password is answered as usual, telling nothing about the list.
    const wrong = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: "password1" }));
    expect(wrong.status).toBe(401);

    expect((await resetTo(user.email, "a fresh long secret")).status).toBe(200);
    const after = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: "a fresh long secret" }));
    expect(after.status).toBe(200);
    // The reset is in the account's security log.
    const cookie = (after.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const log = await (await server.fetch("/api/account/security-events", { headers: { cookie } })).json();
    expect(log.items.map((e: { type: string }) => e.type)).toEqual(["password_reset"]);
  });

  it("changes the password with the current one, and signs out the other devices when asked", async () => {
    const user = await signedInUser(server, smtp, "Chris Change");
    const other = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: "correct horse battery" }));
    const otherCookie = (other.headers.get("set-cookie") ?? "").split(";")[0] as string;

    const wrong = await server.fetch(
      "/api/auth/change-password",
      json({ currentPassword: "not the password", newPassword: "a new long password" }, { cookie: user.cookie }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "form_password_incorrect" });

    const changed = await server.fetch(
      "/api/auth/change-password",
      json(
        { currentPassword: "correct horse battery", newPassword: "a new long password", revokeOtherSessions: true },
        { cookie: user.cookie },
      ),
    );
    expect(changed.status).toBe(200);
    const session = await server.fetch("/api/auth/get-session", { headers: { cookie: otherCookie } });
    expect(await session.json()).toBeNull();
    const signIn = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: "a new long password" }));
    expect(signIn.status).toBe(200);
  });
});

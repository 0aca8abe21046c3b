import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { codeInSms, lastCodeTo, outboxFor, startSmsProviderDouble } from "../support/sms.js";
import { startSmtpCapture } from "../support/smtp.js";
import { totpCode } from "../support/totp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const PASSWORD = "correct horse battery";
const newNumber = () => `+49151${randomInt(10_000_000, 99_999_999)}`;
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .filter((c) => !c.endsWith("="));

function call(server: TestServer, method: string, path: string, cookie: string, body?: unknown, lang = "en", client = "192.0.2.1") {
  return server.fetch(path, {
    method,
    headers: {
      cookie,
      "x-language": lang,
      "x-test-client": client,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Adds a number to the account and verifies it with the code from the development outbox. */
async function verifiedNumber(server: TestServer, user: TestUser, number = newNumber()) {
  const added = await call(server, "POST", "/api/account/phone-numbers", user.cookie, { phoneNumber: number });
  expect(added.status).toBe(201);
  const { id } = (await added.json()) as { id: string };
  const code = await lastCodeTo(server.db, number);
  expect((await call(server, "POST", `/api/account/phone-numbers/${id}/verify`, user.cookie, { code })).status).toBe(200);
  return number;
}

describe.each(DATABASE_KINDS)("text message codes as a second step on %s", (kind) => {
  const started = serverWithMail(kind);

  const passwordStep = async (email: string) => {
    const res = await started.server.fetch("/api/auth/sign-in/email", json({ email, password: PASSWORD }));
    expect(res.status).toBe(200);
    return {
      body: (await res.json()) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[]; token?: string },
      cookie: cookiesOf(res).join("; "),
    };
  };

  it("is turned on only with a verified number, then asked for after the password and completes the sign-in", async () => {
    const user = await started.signIn("Sam Second");
    const refused = await call(started.server, "POST", "/api/account/phone-numbers/two-factor", user.cookie, { enabled: true });
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("phone_number_not_verified");

    const number = await verifiedNumber(started.server, user);
    const on = await call(started.server, "POST", "/api/account/phone-numbers/two-factor", user.cookie, { enabled: true });
    expect(on.status).toBe(200);
    expect((await on.json()).smsTwoFactor).toBe(true);

    const step = await passwordStep(user.email);
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
    // The second step says where the code goes without showing the whole number.
    const offer = await started.server.fetch("/api/auth/phone/second-factor", { headers: { cookie: step.cookie } });
    expect(await offer.json()).toEqual({ sms: true, phoneNumber: expect.stringMatching(new RegExp(`^\\+49 [•\\s]+${number.slice(-2)}$`)) });

    const before = (await outboxFor(started.server.db, number)).length;
    const sent = await started.server.fetch("/api/auth/two-factor/send-otp", json({}, { cookie: step.cookie }));
    expect(sent.status).toBe(200);
    const messages = await outboxFor(started.server.db, number);
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)).toMatch(/is your Recruiting CRM security code\. It is valid for 5 minutes/);
    const code = codeInSms(messages.at(-1) as string);

    const wrong = await started.server.fetch(
      "/api/auth/two-factor/verify-otp",
      json({ code: code === "000000" ? "111111" : "000000" }, { cookie: step.cookie }),
    );
    expect(wrong.status).toBe(401);
    const verified = await started.server.fetch("/api/auth/two-factor/verify-otp", json({ code }, { cookie: step.cookie }));
    expect(verified.status).toBe(200);
    const session = cookiesOf(verified).find((c) => c.includes("session_token=")) as string;
    const me = await started.server.fetch("/api/auth/get-session", { headers: { cookie: session } });
    expect((await me.json()).user.id).toBe(user.id);
  });

  it("is asked for after a phone code sign-in as well, and the texted second code completes it", async () => {
    const user = await started.signIn("Pia Phone");
    const number = await verifiedNumber(started.server, user);
    expect((await call(started.server, "POST", "/api/account/phone-numbers/two-factor", user.cookie, { enabled: true })).status).toBe(200);

    expect((await started.server.fetch("/api/auth/phone/send-sign-in-code", json({ phoneNumber: number }))).status).toBe(200);
    const first = await started.server.fetch(
      "/api/auth/sign-in/phone",
      json({ phoneNumber: number, code: await lastCodeTo(started.server.db, number) }),
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
    // No session yet: only the second step's cookie.
    const cookie = cookiesOf(first).join("; ");
    expect(cookie).not.toMatch(/session_token=/);

    expect((await started.server.fetch("/api/auth/two-factor/send-otp", json({}, { cookie }))).status).toBe(200);
    const code = codeInSms((await outboxFor(started.server.db, number)).at(-1) as string);
    const verified = await started.server.fetch("/api/auth/two-factor/verify-otp", json({ code }, { cookie }));
    expect(verified.status).toBe(200);
    const session = cookiesOf(verified).find((c) => c.includes("session_token=")) as string;
    expect((await (await started.server.fetch("/api/auth/get-session", { headers: { cookie: session } })).json()).user.id).toBe(user.id);
  });

  it("is offered beside the authenticator app, survives the app's removal, and is not offered to an account without it", async () => {
    const user = await started.signIn("Tia Totp");
    // The authenticator app first: no text message code on its own.
    const enable = await call(started.server, "POST", "/api/auth/two-factor/enable", user.cookie, { password: PASSWORD });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const confirm = await call(started.server, "POST", "/api/auth/two-factor/verify-totp", user.cookie, { code: totpCode(totpURI) });
    expect(confirm.status).toBe(200);
    const cookie = cookiesOf(confirm).find((c) => c.includes("session_token=")) as string;
    const appOnly = await passwordStep(user.email);
    const offer = await started.server.fetch("/api/auth/phone/second-factor", { headers: { cookie: appOnly.cookie } });
    expect(await offer.json()).toEqual({ sms: false, phoneNumber: null });
    // Asking anyway sends nothing.
    expect((await started.server.fetch("/api/auth/two-factor/send-otp", json({}, { cookie: appOnly.cookie }))).status).toBe(200);

    const number = await verifiedNumber(started.server, { ...user, cookie });
    expect((await call(started.server, "POST", "/api/account/phone-numbers/two-factor", cookie, { enabled: true })).status).toBe(200);
    expect(await outboxFor(started.server.db, number)).toHaveLength(1);

    // Removing the app keeps the second step: text message codes are still on.
    const disabled = await call(started.server, "POST", "/api/auth/two-factor/disable", cookie, { password: PASSWORD });
    expect(disabled.status).toBe(200);
    const after = await passwordStep(user.email);
    expect(after.body.twoFactorRedirect).toBe(true);
    const security = await call(
      started.server,
      "GET",
      "/api/account/security",
      cookiesOf(disabled).find((c) => c.includes("session_token=")) ?? cookie,
    );
    expect(await security.json()).toMatchObject({ twoFactorEnabled: false, reverification: "password" });
  });

  it("turns the second step off with the last verified number, and refuses the library's own code method", async () => {
    const user = await started.signIn();
    await verifiedNumber(started.server, user);
    await call(started.server, "POST", "/api/account/phone-numbers/two-factor", user.cookie, { enabled: true });
    const { numbers } = (await (await call(started.server, "GET", "/api/account/phone-numbers", user.cookie)).json()) as {
      numbers: { id: string }[];
    };
    expect((await call(started.server, "DELETE", `/api/account/phone-numbers/${numbers[0]?.id}`, user.cookie)).status).toBe(200);
    const list = await (await call(started.server, "GET", "/api/account/phone-numbers", user.cookie)).json();
    expect(list).toEqual({ numbers: [], smsTwoFactor: false });
    const step = await passwordStep(user.email);
    expect(step.body.token).toEqual(expect.any(String));

    const otp = await call(started.server, "POST", "/api/auth/two-factor/enable", user.cookie, { password: PASSWORD, method: "otp" });
    expect(otp.status).toBe(400);
    expect((await passwordStep(user.email)).body.token).toEqual(expect.any(String));
  });
});

describe.each(DATABASE_KINDS)("text message limits on %s", (kind) => {
  // Each test names its own client address, as a proxy would.
  const started = serverWithMail(kind, { RATE_LIMIT: "on", TRUSTED_IP_HEADER: "x-test-client" });
  // Addresses of their own per database kind: limits kept in this process count across both servers.
  const n = kind === "pglite" ? "1" : "2";
  const account = (name?: string) => started.signIn(name, { "x-test-client": `192.0.2.${n}0` });

  it("allows 3 messages to one number in 10 minutes, then answers a translated 429 with the wait", async () => {
    const user = await account();
    const number = newNumber();
    const added = await call(started.server, "POST", "/api/account/phone-numbers", user.cookie, { phoneNumber: number });
    const { id } = (await added.json()) as { id: string };
    expect((await call(started.server, "POST", `/api/account/phone-numbers/${id}/code`, user.cookie)).status).toBe(200);
    expect((await call(started.server, "POST", `/api/account/phone-numbers/${id}/code`, user.cookie)).status).toBe(200);
    const fourth = await call(started.server, "POST", `/api/account/phone-numbers/${id}/code`, user.cookie, undefined, "de");
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await fourth.json()).toEqual({
      code: "sms_too_many_requests",
      message: "Es wurden zu viele SMS angefordert. Bitte warten Sie einige Minuten und versuchen Sie es erneut.",
    });
    expect(await outboxFor(started.server.db, number)).toHaveLength(3);
    // The phone sign-in counts against the same number's limit.
    const verifiedElsewhere = await call(started.server, "POST", "/api/auth/phone/send-sign-in-code", "", { phoneNumber: number });
    expect(verifiedElsewhere.status).toBe(429);
    expect((await verifiedElsewhere.json()).code).toBe("sms_too_many_requests");
  });

  it("allows 10 messages an hour from one client address, whatever the numbers", async () => {
    // Three accounts with four new numbers each, all from one address.
    const statuses: number[] = [];
    const users: TestUser[] = [];
    for (const name of ["One", "Two", "Three"]) {
      const user = await account(name);
      users.push(user);
      for (let i = 0; i < 4; i++) {
        const res = await call(
          started.server,
          "POST",
          "/api/account/phone-numbers",
          user.cookie,
          { phoneNumber: newNumber() },
          "en",
          `198.51.100.${n}7`,
        );
        statuses.push(res.status);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    // Another address is not held up.
    const res = await call(
      started.server,
      "POST",
      "/api/account/phone-numbers",
      users[0]?.cookie ?? "",
      { phoneNumber: newNumber() },
      "en",
      `203.0.113.${n}9`,
    );
    expect(res.status).toBe(201);
  });
});

describe.each(DATABASE_KINDS)("the HTTP SMS provider on %s", (kind) => {
  let smtp: Smtp;
  let provider: Awaited<ReturnType<typeof startSmsProviderDouble>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    provider = await startSmsProviderDouble();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      SMS_PROVIDER_URL: provider.url,
      SMS_PROVIDER_USERNAME: "AC123",
      SMS_PROVIDER_PASSWORD: "provider-secret",
      SMS_FROM: "+15005550006",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
    await smtp?.close();
  });

  it("posts the message as a form with basic auth, and the texted code verifies the number", async () => {
    const user = await signedInUser(server, smtp);
    const number = newNumber();
    const added = await call(server, "POST", "/api/account/phone-numbers", user.cookie, { phoneNumber: number });
    expect(added.status).toBe(201);
    const request = provider.received.at(-1);
    expect(request?.authorization).toBe(`Basic ${Buffer.from("AC123:provider-secret").toString("base64")}`);
    expect(request?.contentType).toBe("application/x-www-form-urlencoded");
    expect(request?.form.get("To")).toBe(number);
    expect(request?.form.get("From")).toBe("+15005550006");
    const code = codeInSms(request?.form.get("Body") ?? "");
    // Nothing goes to the development outbox when a provider is configured.
    expect(await outboxFor(server.db, number)).toEqual([]);
    const { id } = (await added.json()) as { id: string };
    expect((await call(server, "POST", `/api/account/phone-numbers/${id}/verify`, user.cookie, { code })).status).toBe(200);
  });

  it("answers 502 when the provider refuses, keeps the number, and sends again once it accepts", async () => {
    const user = await signedInUser(server, smtp);
    const number = newNumber();
    provider.answerWith(500);
    const added = await call(server, "POST", "/api/account/phone-numbers", user.cookie, { phoneNumber: number }, "de");
    expect(added.status).toBe(502);
    expect(await added.json()).toEqual({
      code: "sms_delivery_failed",
      message: "Die SMS konnte nicht gesendet werden. Bitte versuchen Sie es gleich noch einmal.",
    });
    const { numbers } = (await (await call(server, "GET", "/api/account/phone-numbers", user.cookie)).json()) as {
      numbers: { id: string; phoneNumber: string }[];
    };
    expect(numbers.map((n) => n.phoneNumber)).toEqual([number]);
    provider.answerWith(201);
    expect((await call(server, "POST", `/api/account/phone-numbers/${numbers[0]?.id}/code`, user.cookie)).status).toBe(200);
    expect(provider.received.at(-1)?.form.get("To")).toBe(number);
  });
});

import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { lastCodeTo, outboxFor } from "../support/sms.js";
import { json, type TestUser } from "./billing-support.js";

/** A fresh German mobile number in E.164 form and as a person types it. */
function newNumber() {
  const rest = String(randomInt(10_000_000, 99_999_999));
  return { e164: `+49151${rest}`, typed: `+49 151 ${rest}` };
}

describe.each(DATABASE_KINDS)("phone numbers on %s", (kind) => {
  const started = serverWithMail(kind);

  const send = (method: string, path: string, user: { cookie: string }, body?: unknown, lang = "en") =>
    started.server.fetch(path, {
      method,
      headers: { cookie: user.cookie, "x-language": lang, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const list = async (user: TestUser) =>
    (await (await send("GET", "/api/account/phone-numbers", user)).json()) as {
      numbers: { id: string; phoneNumber: string; verified: boolean; primary: boolean }[];
      smsTwoFactor: boolean;
    };

  async function addAndVerify(user: TestUser, number = newNumber()) {
    const added = await send("POST", "/api/account/phone-numbers", user, { phoneNumber: number.typed });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const verified = await send("POST", `/api/account/phone-numbers/${id}/verify`, user, {
      code: await lastCodeTo(started.server.db, number.e164),
    });
    expect(verified.status).toBe(200);
    return { id, ...number };
  }

  it("adds a number in international format, texts it a code in the account's language and verifies it", async () => {
    const user = await started.signIn("Paula Phone");
    const number = newNumber();
    const added = await send("POST", "/api/account/phone-numbers", user, { phoneNumber: number.typed });
    expect(added.status).toBe(201);
    const row = (await added.json()) as { id: string; phoneNumber: string; verified: boolean; primary: boolean };
    expect(row).toMatchObject({ phoneNumber: number.e164, verified: false, primary: false });
    const [message] = await outboxFor(started.server.db, number.e164);
    expect(message).toMatch(/^\d{6} is your Recruiting CRM code to verify this phone number\. It is valid for 10 minutes\.$/);

    const wrong = await send("POST", `/api/account/phone-numbers/${row.id}/verify`, user, {
      code: "000000" === message?.slice(0, 6) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: "form_code_incorrect", message: expect.any(String) });

    const right = await send("POST", `/api/account/phone-numbers/${row.id}/verify`, user, {
      code: await lastCodeTo(started.server.db, number.e164),
    });
    expect(right.status).toBe(200);
    // The first verified number becomes the primary one.
    expect(await right.json()).toMatchObject({ id: row.id, verified: true, primary: true });
    expect((await list(user)).numbers).toEqual([expect.objectContaining({ id: row.id, verified: true, primary: true })]);

    // German for an account whose language is German.
    await started.server.db.updateTable("user").set({ locale: "de" }).where("id", "=", user.id).execute();
    const other = newNumber();
    expect((await send("POST", "/api/account/phone-numbers", user, { phoneNumber: other.typed })).status).toBe(201);
    expect((await outboxFor(started.server.db, other.e164))[0]).toMatch(
      /^\d{6} ist Ihr Recruiting-CRM-Code zur Bestätigung dieser Telefonnummer/,
    );
  });

  it("refuses numbers that are not in international format, in both languages, and keeps nothing", async () => {
    const user = await started.signIn();
    for (const phoneNumber of ["0151 23456789", "+49 12", "call me", ""]) {
      const res = await send("POST", "/api/account/phone-numbers", user, { phoneNumber });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: "form_param_format_invalid__phone_number",
        message: "Please enter the phone number in international format, starting with + and the country code (e.g. +49 151 23456789).",
      });
    }
    const de = await send("POST", "/api/account/phone-numbers", user, { phoneNumber: "0151 23456789" }, "de");
    expect((await de.json()).message).toMatch(/^Bitte geben Sie die Telefonnummer im internationalen Format ein/);
    expect((await list(user)).numbers).toEqual([]);
  });

  it("keeps a verified number to one account, and one entry per number on an account", async () => {
    const ada = await started.signIn("Ada Owner");
    const bob = await started.signIn("Bob Other");
    const number = await addAndVerify(ada);

    const again = await send("POST", "/api/account/phone-numbers", ada, { phoneNumber: number.typed });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      code: "form_identifier_exists__phone_number",
      message: "This phone number is already on your account.",
    });

    const taken = await send("POST", "/api/account/phone-numbers", bob, { phoneNumber: number.e164 }, "de");
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      code: "phone_number_exists",
      message: "Diese Telefonnummer wird bereits von einem anderen Konto verwendet. Bitte verwenden Sie eine andere Nummer.",
    });

    // A number only added (not verified) elsewhere blocks nobody; the first to verify keeps it.
    const shared = newNumber();
    const bobs = (await (await send("POST", "/api/account/phone-numbers", bob, { phoneNumber: shared.typed })).json()) as { id: string };
    const bobCode = await lastCodeTo(started.server.db, shared.e164);
    await addAndVerify(ada, shared);
    const late = await send("POST", `/api/account/phone-numbers/${bobs.id}/verify`, bob, { code: bobCode });
    expect(late.status).toBe(404);
    expect((await list(bob)).numbers).toEqual([]);
  });

  it("makes a verified number primary and, when the primary one is removed, promotes the next", async () => {
    const user = await started.signIn();
    const first = await addAndVerify(user);
    const second = await addAndVerify(user);
    expect((await list(user)).numbers.map((n) => [n.id, n.primary])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    const unverified = newNumber();
    const pending = (await (await send("POST", "/api/account/phone-numbers", user, { phoneNumber: unverified.typed })).json()) as {
      id: string;
    };
    const refused = await send("POST", `/api/account/phone-numbers/${pending.id}/primary`, user);
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("phone_number_not_verified");

    expect((await send("POST", `/api/account/phone-numbers/${second.id}/primary`, user)).status).toBe(200);
    expect((await list(user)).numbers.map((n) => [n.id, n.primary])).toEqual([
      [second.id, true],
      [first.id, false],
      [pending.id, false],
    ]);
    expect((await send("DELETE", `/api/account/phone-numbers/${second.id}`, user)).status).toBe(200);
    expect((await list(user)).numbers.map((n) => [n.id, n.primary])).toEqual([
      [first.id, true],
      [pending.id, false],
    ]);
  });

  it("never lets one account see or change another's numbers", async () => {
    const owner = await started.signIn();
    const intruder = await started.signIn();
    const number = await addAndVerify(owner);
    for (const [method, path, body] of [
      ["POST", `/api/account/phone-numbers/${number.id}/primary`, undefined],
      ["POST", `/api/account/phone-numbers/${number.id}/code`, undefined],
      ["POST", `/api/account/phone-numbers/${number.id}/verify`, { code: "123456" }],
      ["DELETE", `/api/account/phone-numbers/${number.id}`, undefined],
    ] as const) {
      const res = await send(method, path, intruder, body);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect((await list(intruder)).numbers).toEqual([]);
    expect((await list(owner)).numbers).toHaveLength(1);
  });

  it("asks for reverification before adding or removing a number on a session older than 10 minutes", async () => {
    const user = await started.signIn();
    const number = await addAndVerify(user);
    const token = decodeURIComponent(user.cookie.split("=")[1] ?? "").split(".")[0] as string;
    await started.server.db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where("token", "=", token)
      .execute();
    for (const res of [
      await send("POST", "/api/account/phone-numbers", user, { phoneNumber: newNumber().typed }),
      await send("DELETE", `/api/account/phone-numbers/${number.id}`, user),
      await send("POST", "/api/account/phone-numbers/two-factor", user, { enabled: true }),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("reverification");
    }
    expect((await list(user)).numbers).toHaveLength(1);
    const reverified = await started.server.fetch(
      "/api/account/reverification",
      json({ answer: "correct horse battery" }, { cookie: user.cookie }),
    );
    expect(reverified.status).toBe(200);
    expect((await send("DELETE", `/api/account/phone-numbers/${number.id}`, user)).status).toBe(200);
  });

  it("signs in with a code texted to a verified number, without saying whether a number has an account", async () => {
    const user = await started.signIn();
    const number = await addAndVerify(user);
    const asked = await started.server.fetch("/api/auth/phone/send-sign-in-code", json({ phoneNumber: number.typed }));
    expect(asked.status).toBe(200);
    const unknown = newNumber();
    const askedUnknown = await started.server.fetch("/api/auth/phone/send-sign-in-code", json({ phoneNumber: unknown.typed }));
    expect(askedUnknown.status).toBe(200);
    expect(await askedUnknown.json()).toEqual(await asked.json());
    expect(await outboxFor(started.server.db, unknown.e164)).toEqual([]);
    const code = await lastCodeTo(started.server.db, number.e164);
    expect((await outboxFor(started.server.db, number.e164)).at(-1)).toMatch(/is your Recruiting CRM sign-in code/);

    const wrong = await started.server.fetch(
      "/api/auth/sign-in/phone",
      json({ phoneNumber: number.e164, code: code === "000000" ? "111111" : "000000" }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("form_code_incorrect");
    const noAccount = await started.server.fetch("/api/auth/sign-in/phone", json({ phoneNumber: unknown.e164, code }));
    expect(noAccount.status).toBe(400);
    expect((await noAccount.json()).code).toBe("form_code_incorrect");

    const signIn = await started.server.fetch("/api/auth/sign-in/phone", json({ phoneNumber: number.typed, code }));
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ token: expect.any(String), user: { id: user.id } });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const session = await started.server.fetch("/api/auth/get-session", { headers: { cookie } });
    expect((await session.json()).user.id).toBe(user.id);
    // A code is single use.
    const reused = await started.server.fetch("/api/auth/sign-in/phone", json({ phoneNumber: number.typed, code }));
    expect(reused.status).toBe(400);
  });

  it("never creates an account from a phone sign-in", async () => {
    const before = await started.server.db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const stranger = newNumber();
    await started.server.fetch("/api/auth/phone/send-sign-in-code", json({ phoneNumber: stranger.typed }));
    for (const code of ["000000", "123456"]) {
      const res = await started.server.fetch("/api/auth/sign-in/phone", json({ phoneNumber: stranger.typed, code }));
      expect(res.status).toBe(400);
    }
    const after = await started.server.db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses a phone sign-in code request for a number not in international format", async () => {
    const res = await started.server.fetch("/api/auth/phone/send-sign-in-code", {
      ...json({ phoneNumber: "0151 2345" }),
      headers: { "content-type": "application/json", "x-language": "de" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "form_param_format_invalid__phone_number",
      message: expect.stringMatching(/^Bitte geben Sie/),
    });
  });
});

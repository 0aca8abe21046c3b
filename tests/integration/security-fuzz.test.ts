import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { validateContact } from "../../core/contact/schema.js";
import { NAME_MAX } from "../../core/names.js";
import { isTeamName, TEAM_NAME_MAX, TEAM_ROLES } from "../../core/teams.js";
import { characterCount } from "../../core/text.js";
import { subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { type Smtp, signedInUser, type TestUser } from "./billing-support.js";

// --- Hostile input -----------------------------------------------------------------------------

const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "userId",
  "id",
  "role",
  "emailVerified",
  "activeSubscription",
  "subscriptionStatus",
  "createOrganization",
];

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "\u202eevil",
  "\ud800",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}{{7*7}}",
  "\r\nBcc: victim@example.com",
  "a@b",
  "@",
  "null",
  "true",
  "-1",
  "1e309",
  "😀".repeat(80),
  "ｅｖｉｌ@ｅｘａｍｐｌｅ.ｃｏｍ",
  "user@example.com\u0000.evil.example",
  " UPPER@Example.COM ",
  "../../etc/passwd",
  "x".repeat(300),
];

const text = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }), weight: 1 },
  // Beyond the API's 64 KB body limit, and just under it.
  { arbitrary: fc.constantFrom(70_000, 60_000, 5_000).map((n) => "x".repeat(n)), weight: 1 },
);

const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 }));

/** JSON text, built by hand so that keys such as "__proto__" really appear in the body. */
const { json: jsonText } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small" },
    text.map((s) => JSON.stringify(s)),
    fc.oneof(fc.integer(), fc.double()).map((n) => JSON.stringify(n)),
    fc.constantFrom("true", "false", "null", "1e999", "-0", "123456789012345678901234567890"),
    fc.array(tie("json"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc
      .array(fc.tuple(key, tie("json")), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
  ),
}));

const serialize = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;

/** A valid request with one field (or a hostile extra key) replaced by hostile JSON. */
const nearValid = (valid: () => Record<string, unknown>) =>
  fc.tuple(fc.oneof(fc.constantFrom(...Object.keys(valid())), fc.constantFrom(...HOSTILE_KEYS)), jsonText).map(([field, value]) => {
    const entries: [string, string][] = Object.entries(valid())
      .filter(([name]) => name !== field)
      .map(([name, v]) => [name, JSON.stringify(v)]);
    return serialize([...entries, [field, value]]);
  });

/** Any body at all: near-valid objects, objects of the route's fields, any JSON, and text that is not JSON. */
const bodyFor = (valid: () => Record<string, unknown>) =>
  fc.oneof(
    { arbitrary: nearValid(valid), weight: 5 },
    {
      arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...Object.keys(valid())), key), jsonText), { maxLength: 6 }).map(serialize),
      weight: 3,
    },
    { arbitrary: jsonText, weight: 2 },
    { arbitrary: fc.constantFrom("", "{", '{"a":', "[1,2", "undefined", "{'a':1}", '{"a":1}}', "\ufeff{}", "name=x&email=y"), weight: 1 },
  );

const contentType = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/vnd.api+json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "",
    ),
    weight: 2,
  },
);

// --- The property ------------------------------------------------------------------------------

/** Never a server error; every refusal is JSON with a message (ours directly, Better Auth's through our edge). */
async function expectWellFormed(res: Response, label: string) {
  expect({ label, serverError: res.status >= 500 }).toEqual({ label, serverError: false });
  if (res.status < 400) return;
  expect({ label, type: res.headers.get("content-type") }).toEqual({ label, type: expect.stringMatching(/^application\/json/) });
  const body = await res.json();
  expect({ label, message: typeof body?.message === "string" && body.message.length > 0 }).toEqual({ label, message: true });
}

const unique = () => `fuzz-${crypto.randomUUID()}@example.com`;

describe.each(DATABASE_KINDS)("hostile input on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let user: TestUser;
  let teamId: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    user = await signedInUser(server, smtp, "Fuzz Pro");
    await subscribePro(server, user, "Fuzz Team");
    teamId = (await (await server.fetch("/api/teams?kind=admin", { headers: { cookie: user.cookie } })).json()).items[0].id;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const fuzz = (path: string, valid: () => Record<string, unknown>, numRuns: number, signedIn = false) =>
    fc.assert(
      fc.asyncProperty(bodyFor(valid), contentType, fc.constantFrom("en", "de"), async (body, type, lang) => {
        const headers: Record<string, string> = { "x-language": lang, ...(type ? { "content-type": type } : {}) };
        if (signedIn) headers.cookie = user.cookie;
        const res = await server.fetch(path, { method: "POST", headers, body });
        await expectWellFormed(res, `${path} ${type} ${body.slice(0, 200)}`);
      }),
      { numRuns },
    );

  const publicRoutes: [string, () => Record<string, unknown>, number][] = [
    ["/api/send-contact", () => ({ name: "Ada Lovelace", email: "ada@example.com", company: "Analytical Engines" }), 60],
    [
      "/api/auth/sign-up/email",
      () => ({ name: "Fuzzy Signup", email: unique(), password: "correct horse battery", locale: "de", legalConsent: true }),
      30,
    ],
    ["/api/auth/sign-in/email", () => ({ email: "nobody@example.com", password: "wrong password" }), 20],
    ["/api/auth/email-otp/send-verification-otp", () => ({ email: unique(), type: "email-verification" }), 30],
    ["/api/auth/email-otp/verify-email", () => ({ email: "nobody@example.com", otp: "123456" }), 30],
    ["/api/auth/email-otp/request-password-reset", () => ({ email: unique() }), 30],
    ["/api/auth/email-otp/reset-password", () => ({ email: "nobody@example.com", otp: "123456", password: "new password 1" }), 30],
  ];
  it.each(publicRoutes)("signed out: POST %s", async (path, valid, runs) => fuzz(path, valid, runs));

  const signedInRoutes: [string, () => Record<string, unknown>, number][] = [
    ["/api/create-checkout-session", () => ({ userId: user.id, planType: "pro", teamName: "Fuzz Checkout", trial: false }), 30],
    ["/api/teams", () => ({ name: "Fuzz Created" }), 30],
    ["/api/auth/update-user", () => ({ name: "Fuzz Pro", firstName: "Fuzz", lastName: "Pro", locale: "en", teamName: "Fuzz" }), 40],
    ["/api/auth/organization/create", () => ({ name: "Fuzz Org", slug: `fuzz-${crypto.randomUUID()}` }), 30],
    ["/api/auth/organization/update", () => ({ organizationId: teamId, data: { name: "Fuzz Team" } }), 30],
    ["/api/auth/organization/invite-member", () => ({ organizationId: teamId, email: unique(), role: "member" }), 30],
  ];
  it.each(signedInRoutes)("signed in: POST %s", async (path, valid, runs) => fuzz(path, valid, runs, true));

  /** Values that broke servers before: each goes into every field of every route once. */
  const SWEEP = [
    JSON.stringify("a\u0000b"),
    JSON.stringify("\u0000"),
    '{"toString":1}',
    '{"__proto__":{"admin":true}}',
    "[]",
    "null",
    "1e999",
    JSON.stringify("x".repeat(5_000)),
    JSON.stringify("\u200b"),
    JSON.stringify("😀".repeat(TEAM_NAME_MAX + 1)),
    '["member","admin"]',
  ];
  it("puts each known-bad value into every field of every route", async () => {
    const routes = [...publicRoutes.map(([p, v]) => [p, v, false] as const), ...signedInRoutes.map(([p, v]) => [p, v, true] as const)];
    for (const [path, valid, signedIn] of routes) {
      for (const field of Object.keys(valid())) {
        for (const value of SWEEP) {
          const body = serialize([
            ...Object.entries(valid()).map(([k, v]): [string, string] => [k, k === field ? value : JSON.stringify(v)]),
          ]);
          const headers: Record<string, string> = { "content-type": "application/json", ...(signedIn ? { cookie: user.cookie } : {}) };
          await expectWellFormed(await server.fetch(path, { method: "POST", headers, body }), `${path} ${body.slice(0, 200)}`);
        }
      }
    }
  });

  it("signed in: hostile query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.constantFrom(
          "/api/teams",
          "/api/subscription",
          "/api/create-portal-session",
          "/api/auth/organization/list-members",
          "/api/auth/organization/get-full-organization",
        ),
        async (a, b, path) => {
          const query = `?${new URLSearchParams({ kind: a, page: b, organizationId: a })}`;
          const res = await server.fetch(`${path}${query.slice(0, 8_000)}`, {
            method: path.includes("portal") ? "POST" : "GET",
            headers: { cookie: user.cookie },
          });
          await expectWellFormed(res, `${path}${query.slice(0, 200)}`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("stored no malformed row", async () => {
    for (const row of await server.db.selectFrom("contact_request").selectAll().execute()) {
      expect(validateContact({ name: row.name, email: row.email, company: row.company ?? undefined }).success).toBe(true);
      expect(row.name).toBe(row.name.trim());
      expect(["en", "de"]).toContain(row.language);
    }
    const email = z.email();
    for (const row of await server.db.selectFrom("user").selectAll().execute()) {
      expect({ email: row.email, valid: email.safeParse(row.email).success }).toEqual({ email: row.email, valid: true });
      expect(row.email).toBe(row.email.trim().toLowerCase());
      for (const name of [row.name, row.firstName, row.lastName]) expect(characterCount(name ?? "")).toBeLessThanOrEqual(NAME_MAX);
      expect(["en", "de"]).toContain(row.locale);
      expect(["individual", "pro"]).toContain(row.planType);
      expect(characterCount(row.teamName ?? "")).toBeLessThanOrEqual(TEAM_NAME_MAX);
      expect(characterCount(row.organizationName ?? "")).toBeLessThanOrEqual(TEAM_NAME_MAX);
    }
    for (const row of await server.db.selectFrom("organization").selectAll().execute()) {
      // The name is part of the expected value so that a failure prints it.
      expect({ name: row.name, valid: isTeamName(row.name) }).toEqual({ name: row.name, valid: true });
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    for (const row of await server.db.selectFrom("member").selectAll().execute()) expect(TEAM_ROLES).toContain(row.role);
    const invitations = (await sql<{ email: string; role: string }>`select email, role from invitation`.execute(server.db)).rows;
    for (const row of invitations) {
      expect(email.safeParse(row.email).success).toBe(true);
      expect(TEAM_ROLES).toContain(row.role);
    }
  });
});

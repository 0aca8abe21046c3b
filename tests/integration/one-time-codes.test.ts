import { createHash, randomInt, randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_ATTEMPTS, type CodePurpose, checkCode, issueCode } from "../../server/codes/one-time-codes.js";
import { openDatabase } from "../../server/db/database.js";
import { migrateToLatest, migratorFor } from "../../server/db/migrate.js";
import { as, subscribePro } from "../support/actors.js";
import { createTestDatabase, DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { lastCodeTo } from "../support/sms.js";
import { codeIn, startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const BURST = 20;
/** Bounds for a loaded machine, not measurements (decision 141): each test signs up an account and sends 20 or more requests. */
const SETUP_LIMIT_MS = 120_000;
const TEST_LIMIT_MS = 60_000;

/** `n` different 6-digit codes, none of them `code`. */
const wrongCodes = (code: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));

/** How many answers had each status and code, e.g. `{ "200": 1, "400 form_code_incorrect": 19 }`. */
const tally = (answers: { status: number; code?: string }[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.status} ${a.code ?? ""}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

/** One thing a code verifies: sending it a (new) code, answering, and whether the answer took effect. */
interface Target {
  send(): Promise<string>;
  answer(code: string): Promise<Response>;
  done(): Promise<boolean>;
}

interface Kind {
  name: string;
  /** Whether the route answers a request for an already verified entry with success without a code (double submits). */
  idempotent: boolean;
  target(): Promise<Target>;
}

describe.each(DATABASE_KINDS)("one-time codes on %s", (dbKind) => {
  let smtp: Smtp;
  let server: TestServer;
  let admin: TestUser;
  let teamId: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Rate limits stay off: this is the codes' own protection (the limits are tested elsewhere).
    server = await startTestServer(dbKind, { SMTP_URL: smtp.url });
    admin = await signedInUser(server, smtp, "Ada Admin");
    await subscribePro(server, admin, "Code Guessers");
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(admin) })).json();
    teamId = (teams.items as { id: string; name: string }[]).find((t) => t.name === "Code Guessers")?.id as string;
  }, SETUP_LIMIT_MS);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** The code of the newest mail to `address` after the `seen` first ones. */
  const mailedCode = async (address: string, seen: number) =>
    codeIn(await smtp.waitFor(address, (m) => smtp.messages.filter((x) => x.to.includes(address)).indexOf(m) >= seen));
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).length;
  const post = (path: string, user: TestUser | null, body: unknown = {}) => server.fetch(path, json(body, as(user)));
  const newNumber = () => `+49151${randomInt(10_000_000, 99_999_999)}`;
  const sessionsOf = async (userId: string) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from session where "userId" = ${userId}`.execute(server.db)).rows[0]?.n);

  const kinds: Kind[] = [
    {
      name: "reverification by a mailed code",
      idempotent: false,
      async target() {
        const user = await signedInUser(server, smtp, "Gabi Google");
        // Fixture: an account that signs in with Google only, so its proof is a mailed code.
        await server.db
          .updateTable("account")
          .set({ providerId: "google", accountId: randomUUID(), password: null })
          .where("userId", "=", user.id)
          .execute();
        return {
          async send() {
            const seen = mailsTo(user.email);
            expect((await post("/api/account/reverification/code", user)).status).toBe(200);
            return mailedCode(user.email, seen);
          },
          answer: (code) => post("/api/account/reverification", user, { answer: code }),
          done: async () =>
            Boolean(
              await server.db
                .selectFrom("session_reverification")
                .select("session_id")
                .where("session_id", "in", server.db.selectFrom("session").select("id").where("userId", "=", user.id))
                .executeTakeFirst(),
            ),
        };
      },
    },
    {
      name: "a further e-mail address",
      idempotent: true,
      async target() {
        const user = await signedInUser(server, smtp);
        const address = `further-${randomUUID()}@example.com`;
        const added = await post("/api/account/emails", user, { email: address });
        expect(added.status).toBe(201);
        const { id } = (await added.json()) as { id: string };
        let first = true;
        return {
          async send() {
            const seen = first ? 0 : mailsTo(address);
            if (!first) expect((await post(`/api/account/emails/${id}/code`, user)).status).toBe(200);
            first = false;
            return mailedCode(address, seen);
          },
          answer: (code) => post(`/api/account/emails/${id}/verify`, user, { code }),
          done: async () =>
            (await server.db.selectFrom("user_email").select("verifiedAt").where("id", "=", id).executeTakeFirstOrThrow()).verifiedAt !==
            null,
        };
      },
    },
    {
      name: "a phone number",
      idempotent: true,
      async target() {
        const user = await signedInUser(server, smtp);
        const number = newNumber();
        const added = await post("/api/account/phone-numbers", user, { phoneNumber: number });
        expect(added.status).toBe(201);
        const { id } = (await added.json()) as { id: string };
        let first = true;
        return {
          async send() {
            if (!first) expect((await post(`/api/account/phone-numbers/${id}/code`, user)).status).toBe(200);
            first = false;
            return lastCodeTo(server.db, number);
          },
          answer: (code) => post(`/api/account/phone-numbers/${id}/verify`, user, { code }),
          done: async () =>
            (await server.db.selectFrom("phone_number").select("verified").where("id", "=", id).executeTakeFirstOrThrow()).verified,
        };
      },
    },
    {
      name: "phone sign-in",
      idempotent: false,
      async target() {
        const user = await signedInUser(server, smtp);
        const number = newNumber();
        const { id } = (await (await post("/api/account/phone-numbers", user, { phoneNumber: number })).json()) as { id: string };
        expect((await post(`/api/account/phone-numbers/${id}/verify`, user, { code: await lastCodeTo(server.db, number) })).status).toBe(
          200,
        );
        const before = await sessionsOf(user.id);
        return {
          async send() {
            expect((await post("/api/auth/phone/send-sign-in-code", null, { phoneNumber: number })).status).toBe(200);
            return lastCodeTo(server.db, number);
          },
          answer: (code) => post("/api/auth/sign-in/phone", null, { phoneNumber: number, code }),
          done: async () => (await sessionsOf(user.id)) > before,
        };
      },
    },
    {
      name: "a team domain",
      idempotent: true,
      async target() {
        const domain = `guess-${randomUUID().slice(0, 8)}.com`;
        const added = await post(`/api/teams/${teamId}/domains`, admin, { domain });
        expect(added.status).toBe(201);
        const { id } = (await added.json()) as { id: string };
        const address = `hr@${domain}`;
        return {
          async send() {
            const seen = mailsTo(address);
            expect((await post(`/api/teams/${teamId}/domains/${id}/code`, admin, { email: address })).status).toBe(200);
            return mailedCode(address, seen);
          },
          answer: (code) => post(`/api/teams/${teamId}/domains/${id}/verify`, admin, { code }),
          done: async () =>
            (await server.db.selectFrom("team_domain").select("verified_at").where("id", "=", id).executeTakeFirstOrThrow()).verified_at !==
            null,
        };
      },
    },
  ];

  const answers = async (target: Target, codes: string[]) =>
    Promise.all(
      codes.map(async (code) => {
        const res = await target.answer(code);
        const body = (await res.json()) as { code?: string; message?: unknown };
        expect(typeof body.message === "string" || res.status === 200).toBe(true);
        return { status: res.status, code: res.status === 200 ? undefined : body.code };
      }),
    );

  describe.each(kinds)("$name", (kind) => {
    it(
      `compares ${CODE_ATTEMPTS} of ${BURST} wrong guesses sent at once, refuses the rest and then the right code; a new code works`,
      async () => {
        const target = await kind.target();
        const code = await target.send();
        const results = await answers(target, wrongCodes(code, BURST));
        expect(tally(results)).toEqual({ "400 form_code_incorrect": CODE_ATTEMPTS, "403 too_many_attempts": BURST - CODE_ATTEMPTS });

        const right = await target.answer(code);
        expect(right.status).toBe(403);
        expect(await right.json()).toEqual({
          code: "too_many_attempts",
          message: "Too many wrong tries for this code. Please request a new code.",
        });
        expect(await target.done()).toBe(false);

        const fresh = await target.send();
        expect((await target.answer(fresh)).status).toBe(200);
        expect(await target.done()).toBe(true);
      },
      TEST_LIMIT_MS,
    );

    it(
      `takes the right code once when it arrives ${BURST} times at once`,
      async () => {
        const target = await kind.target();
        const code = await target.send();
        const results = await answers(
          target,
          Array.from({ length: BURST }, () => code),
        );
        expect(await target.done()).toBe(true);
        const counts = tally(results);
        const ok = counts["200"] ?? 0;
        // The answers after the winner find the code spent (or, past the 5th check, used up).
        for (const key of Object.keys(counts)) expect(["200", "400 form_code_incorrect", "403 too_many_attempts"]).toContain(key);
        if (kind.idempotent) {
          // A request that reads the entry after it was verified is answered as done without a code (a double submit).
          expect(ok).toBeGreaterThanOrEqual(1);
        } else {
          expect(ok).toBe(1);
        }
        // The code is gone: answered alone now, it is refused (or the entry is already verified).
        const again = await target.answer(code);
        expect(again.status).toBe(kind.idempotent ? 200 : 400);
      },
      TEST_LIMIT_MS,
    );
  });

  it("checks a code once of many right answers at once, for every purpose", async () => {
    const purposes: CodePurpose[] = ["reverification", "email_address", "phone_number", "phone_sign_in", "team_domain"];
    for (const purpose of purposes) {
      const ref = { purpose, subject: randomUUID() };
      const code = await issueCode(server.db, ref, { minutes: 10 });
      const results = await Promise.all(Array.from({ length: BURST }, () => checkCode(server.db, ref, code)));
      expect({ purpose, valid: results.filter((r) => r === "valid").length }).toEqual({ purpose, valid: 1 });
      expect(results.every((r) => r === "valid" || r === "incorrect" || r === "locked")).toBe(true);
    }
  });

  it("keeps only a salted hash, and an expired code is refused", async () => {
    const ref = { purpose: "team_domain" as const, subject: randomUUID() };
    const code = await issueCode(server.db, ref, { minutes: 10 });
    const row = await server.db.selectFrom("one_time_code").selectAll().where("subject", "=", ref.subject).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.code_hash).not.toBe(createHash("sha256").update(code).digest("hex"));
    expect(await checkCode(server.db, ref, code, { now: Date.now() + 10 * 60_000 + 1 })).toBe("incorrect");
    expect(await checkCode(server.db, ref, code)).toBe("valid");
  });
});

describe.each(DATABASE_KINDS)("codes waiting at the upgrade on %s", (dbKind) => {
  it(
    "move to the one table with their counts and keep working; the old places are gone",
    async () => {
      const database = await createTestDatabase(dbKind);
      const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        // Back to the schema before the one table (through its `down` when the database has it already).
        await migrateToLatest(handle.db);
        const db = handle.db as unknown as Kysely<unknown>;
        const { error } = await migratorFor(handle.db).migrateTo("0029_outbox_unsent_index");
        expect(error).toBeUndefined();

        const sha = (text: string) => createHash("sha256").update(text).digest("hex");
        const soon = new Date(Date.now() + 5 * 60_000);
        // One statement each: PostgreSQL takes no several statements with parameters.
        for (const statement of [
          sql`insert into "user" (id, name, email, "emailVerified") values ('u1', 'Ute', 'ute@example.com', true)`,
          sql`insert into session (id, "expiresAt", token, "updatedAt", "userId") values ('s1', ${soon}, 't1', now(), 'u1')`,
          sql`insert into user_email (id, "userId", email, "normalizedEmail") values ('e1', 'u1', 'ute@example.org', 'ute@example.org')`,
          sql`insert into phone_number (id, user_id, phone_number, verified, is_primary) values ('p1', 'u1', '+4915100000001', true, true)`,
          sql`insert into phone_number (id, user_id, phone_number) values ('p2', 'u1', '+4915100000002')`,
          sql`insert into organization (id, name, slug, "createdAt") values ('o1', 'Org', 'org', now())`,
          sql`insert into phone_code (key, code_hash, attempts, expires_at) values
          ('sign-in:+4915100000001', ${sha("111111")}, 1, ${soon}), ('verify:u1:+4915100000002', ${sha("222222")}, 4, ${soon})`,
          sql`insert into team_domain (id, organization_id, domain, code_hash, code_expires_at, code_attempts)
          values ('d1', 'o1', 'org.example', ${sha("d1:333333")}, ${soon}, 2)`,
          sql`insert into verification (id, identifier, value, "expiresAt") values
          ('v1', 'reverify-s1', ${`${sha("444444")}:0`}, ${soon}), ('v2', 'add-email-e1', ${`${sha("555555")}:3`}, ${soon}),
          ('v3', 'sign-in-otp-ute@example.com', 'kept', ${soon})`,
        ]) {
          await statement.execute(db);
        }

        expect(await migrateToLatest(handle.db)).toContain("0031_one_time_codes");

        const moved = await handle.db
          .selectFrom("one_time_code")
          .select(["purpose", "subject", "user_id", "attempts"])
          .orderBy("purpose")
          .execute();
        expect(moved).toEqual([
          { purpose: "email_address", subject: "e1", user_id: "u1", attempts: 3 },
          { purpose: "phone_number", subject: "p2", user_id: "u1", attempts: 4 },
          { purpose: "phone_sign_in", subject: "+4915100000001", user_id: "u1", attempts: 1 },
          { purpose: "reverification", subject: "s1", user_id: "u1", attempts: 0 },
          { purpose: "team_domain", subject: "d1", user_id: null, attempts: 2 },
        ]);
        expect(await checkCode(handle.db, { purpose: "phone_sign_in", subject: "+4915100000001" }, "111111")).toBe("valid");
        expect(await checkCode(handle.db, { purpose: "phone_number", subject: "p2" }, "222222")).toBe("valid");
        expect(await checkCode(handle.db, { purpose: "team_domain", subject: "d1" }, "333333")).toBe("valid");
        expect(await checkCode(handle.db, { purpose: "reverification", subject: "s1" }, "444444")).toBe("valid");
        // Three wrong tries before the upgrade, two checks left: a wrong one, then the right one.
        expect(await checkCode(handle.db, { purpose: "email_address", subject: "e1" }, "000000")).toBe("incorrect");
        expect(await checkCode(handle.db, { purpose: "email_address", subject: "e1" }, "555555")).toBe("valid");

        const { rows: identifiers } = await sql<{ identifier: string }>`select identifier from verification`.execute(db);
        expect(identifiers).toEqual([{ identifier: "sign-in-otp-ute@example.com" }]);
        const { rows: tables } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'phone_code'`.execute(
          db,
        );
        expect(tables[0]?.n).toBe(0);
        const { rows: columns } = await sql<{ column_name: string }>`
        select column_name from information_schema.columns where table_name = 'team_domain' and column_name like 'code%'`.execute(db);
        expect(columns).toEqual([]);
      } finally {
        await handle.close();
        await database.drop();
      }
    },
    TEST_LIMIT_MS,
  );
});

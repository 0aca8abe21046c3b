import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_COVERAGE } from "../../server/account/user-data.js";
import { setOperatorRole } from "../../server/operator/users.js";
import { addMember, as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import type { CapturedMail } from "../support/smtp.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

/** The mailed link: the page in the export's language, with the token. */
const linkIn = (mail: CapturedMail) => {
  const url = /https?:\/\/\S+\/(en|de)\/account\/data-export\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no export link in "${mail.subject}"`);
  const { pathname, searchParams } = new URL(url);
  return { path: `${pathname}?token=${searchParams.get("token")}`, pathname, token: searchParams.get("token") as string };
};

describe.each(DATABASE_KINDS)("users' data export and erasure on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let operator: TestUser;
  let payer: TestUser;
  let user: TestUser;
  let teamId: string;

  const exportMails = (to: string) => smtp.messages.filter((m) => m.to.includes(to) && m.text.includes("/account/data-export?token="));
  /** Waits for the n-th export mail to the address (they arrive in order). */
  const nthExportMail = async (to: string, n: number) => {
    await expect.poll(() => exportMails(to).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
    return exportMails(to)[n - 1] as CapturedMail;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    operator = await signedInUser(server, smtp, "Olga Operator");
    await setOperatorRole(server.db, operator.email, true);
    payer = await signedInUser(server, smtp, "Paula Payer");
    user = await signedInUser(server, smtp, "Erin Eraser");
    await subscribePro(server, payer, "Talent Scouts");
    teamId = (await (await server.fetch("/api/teams?kind=admin", { headers: as(payer) })).json()).items[0].id;
    await addMember(server, payer, user, teamId);
    expect((await server.fetch("/api/send-contact", json({ name: "Erin Eraser", email: user.email, company: "Eraser GmbH" }))).status).toBe(
      201,
    );
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("places every table of the schema in the export or says why it holds nothing about a person", async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
      server.db,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(Object.keys(EXPORT_COVERAGE).sort());
  });

  it("prepares the archive in the background and mails a link that works once, with everything stored about the user", async () => {
    const created = await server.fetch(
      "/api/account/api-keys",
      json({ name: "Sourcing script", scopes: ["profile"], expiresInDays: 90 }, as(user)),
    );
    expect(created.status).toBe(201);
    const { key } = await created.json();
    // A German account asking from an English page: the mail and its link are in the account's language (docs/decisions/152).
    await server.db.updateTable("user").set({ locale: "de" }).where("id", "=", user.id).execute();
    const asked = await server.fetch("/api/account/data-export", { method: "POST", headers: as(user, { "x-language": "en" }) });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ ok: true, email: user.email });
    const mail = await nthExportMail(user.email, 1);
    expect(mail.subject).toBe("Ihre Daten bei Recruiting CRM stehen bereit");
    const link = linkIn(mail);
    expect(link.pathname).toBe("/de/account/data-export");
    const { token } = link;
    const stored = await server.db.selectFrom("data_export").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe("ready");
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    // A mail scanner opening the link, even several times, gets the page and uses nothing up.
    for (let i = 0; i < 2; i++) {
      const page = await server.fetch(link.path);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(await page.text()).not.toContain(user.email);
    }
    const checked = await server.fetch("/api/data-export/check", json({ token }));
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ createdAt: expect.any(String), expiresAt: new Date(stored.expires_at as Date).toISOString() });
    // Only a request from the site downloads (the page's button).
    expect((await server.fetch("/api/data-export/download", json({ token }, { origin: "https://elsewhere.example" }))).status).toBe(403);

    const res = await server.fetch("/api/data-export/download", json({ token }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    const archive = JSON.parse(text);
    expect(archive).toMatchObject({
      format: "recruiting-crm-personal-data",
      profile: { id: user.id, email: user.email, name: "Erin Eraser", firstName: "Erin", lastName: "Eraser" },
      consent: { termsAcceptedAt: expect.any(String) },
      signInMethods: [expect.objectContaining({ providerId: "credential" })],
      teams: [expect.objectContaining({ id: teamId, name: "Talent Scouts", role: "member" })],
      contactRequests: [expect.objectContaining({ email: user.email, company: "Eraser GmbH" })],
      subscription: { planType: "individual" },
    });
    expect(archive.sessions.length).toBeGreaterThanOrEqual(1);
    expect(archive.invitations).toEqual([expect.objectContaining({ email: user.email, organizationId: teamId })]);
    expect(archive.mails.map((m: { kind?: string }) => m.kind)).toContain("team-invitation");
    // The user's API key is listed by its name and first characters, never the key or its hash.
    expect(archive.apiKeys).toEqual([
      expect.objectContaining({ name: "Sourcing script", start: key.slice(0, 11), scopes: expect.anything() }),
    ]);
    const keyHash = await server.db.selectFrom("api_key").select("key_hash").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(text).not.toContain(key);
    expect(text).not.toContain(keyHash.key_hash);
    expect(archive.connectedApps).toEqual({ consents: [], grants: [], accessTokens: [] });
    // Secrets that protect the account never leave it.
    const secrets = await server.db.selectFrom("session").select("token").where("userId", "=", user.id).execute();
    const password = await server.db.selectFrom("account").select("password").where("userId", "=", user.id).executeTakeFirstOrThrow();
    for (const secret of [...secrets.map((s) => s.token), password.password as string]) expect(text).not.toContain(secret);

    for (const route of ["/api/data-export/download", "/api/data-export/check"]) {
      const again = await server.fetch(route, json({ token }, { "x-language": "en" }));
      expect(again.status).toBe(410);
      expect(await again.json()).toEqual({ code: "export_link_used", message: expect.stringContaining("already been used") });
    }
    const againDe = await server.fetch("/api/data-export/check", json({ token }, { "x-language": "de" }));
    expect((await againDe.json()).message).toContain("bereits verwendet");
    const after = await server.db
      .selectFrom("data_export")
      .select(["status", "archive"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "downloaded", archive: null });
  });

  it("refuses an expired link and empties its archive", async () => {
    expect((await server.fetch("/api/account/data-export", { method: "POST", headers: as(payer) })).status).toBe(202);
    const { token } = linkIn(await nthExportMail(payer.email, 1));
    await server.db
      .updateTable("data_export")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", payer.id)
      .execute();
    for (const route of ["/api/data-export/check", "/api/data-export/download"]) {
      const res = await server.fetch(route, json({ token }));
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({ code: "export_link_expired", message: expect.stringContaining("expired") });
    }
    await expect
      .poll(
        async () =>
          server.db.selectFrom("data_export").select(["status", "archive"]).where("user_id", "=", payer.id).executeTakeFirstOrThrow(),
        {
          timeout: 20_000,
        },
      )
      .toEqual({ status: "expired", archive: null });
    for (const body of [{ token: "not-a-token" }, { token: "a".repeat(43) }, {}]) {
      const res = await server.fetch("/api/data-export/check", json(body));
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("export_link_invalid");
    }
  });

  it("sends a link of the earlier form to the page, in the export's language, without using it", async () => {
    const stored = await server.db.selectFrom("data_export").select("id").where("user_id", "=", payer.id).executeTakeFirstOrThrow();
    const token = "old-form-token-old-form-token-old-form-t";
    await server.db
      .updateTable("data_export")
      .set({
        status: "ready",
        language: "de",
        token_hash: createHash("sha256").update(token).digest("hex"),
        expires_at: new Date(Date.now() + 60_000),
      })
      .where("id", "=", stored.id)
      .execute();
    const res = await server.fetch(`/api/data-export/${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/de/account/data-export?token=${token}`);
    expect((await server.fetch("/api/data-export/check", json({ token }))).status).toBe(200);
    const unknown = await server.fetch("/api/data-export/unknown-token-unknown-token", { headers: { "x-language": "en" } });
    expect(unknown.headers.get("location")).toBe("/en/account/data-export?token=unknown-token-unknown-token");
    await server.db.updateTable("data_export").set({ status: "expired" }).where("id", "=", stored.id).execute();
  });

  it("lets an operator see a user's exports and start one, recorded in the audit log; others get 403", async () => {
    for (const actor of [user, payer]) {
      expect((await server.fetch(`/api/admin/users/${user.id}/exports`, { headers: as(actor) })).status).toBe(403);
      expect((await server.fetch(`/api/admin/users/${user.id}/exports`, json({}, as(actor)))).status).toBe(403);
    }
    const started = await server.fetch(`/api/admin/users/${user.id}/exports`, json({}, as(operator)));
    expect(started.status).toBe(202);
    await nthExportMail(user.email, 2);
    const list = await (await server.fetch(`/api/admin/users/${user.id}/exports`, { headers: as(operator) })).json();
    expect(list.items.map((e: { status: string; requestedBy: string | null }) => [e.status, e.requestedBy])).toEqual([
      ["ready", operator.email],
      ["downloaded", null],
    ]);
    const log = await (await server.fetch(`/api/admin/audit-log?target=${user.id}`, { headers: as(operator) })).json();
    expect(log.items[0]).toMatchObject({ action: "user.export", outcome: "success", actorEmail: operator.email, targetLabel: user.email });
    expect((await server.fetch("/api/admin/users/nobody/exports", json({}, as(operator)))).status).toBe(404);
  });

  it("erases the user so that no text column of any table holds their address or name", async () => {
    // Traces elsewhere: an operator's ban and unban name the user in the audit log.
    await server.fetch(`/api/admin/users/${user.id}/ban`, json({ reason: "Checking Erin Eraser" }, as(operator)));
    await server.fetch(`/api/admin/users/${user.id}/unban`, json({}, as(operator)));
    const signIn = await server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: "correct horse battery" }));
    user.cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    await server.fetch(`/api/teams/${teamId}/members`, { headers: as(user) });

    const res = await server.fetch("/api/account/delete", json({ confirmation: "Delete account" }, as(user)));
    expect(res.status).toBe(200);
    // The goodbye mail keeps the address until it is delivered (decision 149); then the record forgets it.
    const email = user.email.toLowerCase();
    await expect
      .poll(
        async () =>
          (await sql<{ n: number }>`select count(*)::int as n from mail_outbox where lower("to") = ${email}`.execute(server.db)).rows[0]?.n,
        { timeout: 30_000 },
      )
      .toBe(0);
    // In the account's language: Erin's account speaks German since the export's test.
    expect(smtp.messages.some((m) => m.to.includes(user.email) && m.subject === "Ihr Recruiting-CRM-Konto wurde gelöscht")).toBe(true);

    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'jsonb', 'json')`.execute(
      server.db,
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const needle of [user.email.toLowerCase(), "erin eraser"]) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from ${sql.table(table_name)} where lower(${sql.ref(column_name)}::text) like ${`%${needle}%`}`.execute(
          server.db,
        );
        if (Number(rows[0]?.n) > 0) found.push(`${table_name}.${column_name} holds "${needle}"`);
      }
    }
    expect(found).toEqual([]);
    // What invoices need stays: the user's id keeps its billing rows and audit entries, now naming the tombstone.
    const tombstone = await server.db.selectFrom("user").select(["email", "name"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(tombstone).toEqual({ email: `deleted-${user.id}@deleted.invalid`, name: "" });
    const audit = await server.db.selectFrom("audit_log").select(["action", "targetLabel"]).where("targetId", "=", user.id).execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(new Set(audit.map((a) => a.targetLabel))).toEqual(new Set([tombstone.email]));
  });
});

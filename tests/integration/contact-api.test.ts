import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { type CapturedMail, startSmtpCapture } from "../support/smtp.js";

/** Starting a server on a fresh embedded database can take long on a busy machine. */
const START_TIMEOUT = 120_000;

const INBOX = "sales@example.com";

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

describe.each(DATABASE_KINDS)("POST /api/send-contact on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, MAIL_FROM: "Recruiting CRM <no-reply@crm.example>", CONTACT_INBOX: INBOX });
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const mailsFor = (id: string) => smtp.messages.filter((m) => m.text.includes(id) || m.headers.get("message-id")?.toString().includes(id));

  it("stores the request before answering 201 and mails the inbox and the sender, escaping their text", async () => {
    const res = await server.fetch(
      "/api/send-contact",
      post(
        { name: '  Zoë "Z" O\'Brien & Co  ', email: " zoe@example.com ", company: "Müller & Söhne 'GmbH'" },
        { "accept-language": "de-DE,de;q=0.9,en;q=0.5", "user-agent": "Contact test agent" },
      ),
    );
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const row = await server.db.selectFrom("contact_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Zoë "Z" O\'Brien & Co',
      email: "zoe@example.com",
      company: "Müller & Söhne 'GmbH'",
      language: "de",
      user_agent: "Contact test agent",
    });
    expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.ip_hash).not.toContain("127.0.0.1");

    const notification = await smtp.waitFor(INBOX, (m) => m.text.includes(id));
    expect(notification.subject).toBe(`New contact request ${id.slice(0, 8)}`);
    expect(notification.headers.get("reply-to")).toMatchObject({ value: [{ address: "zoe@example.com" }] });
    expect(notification.text).toContain("Company: Müller & Söhne 'GmbH'");
    expect(notification.text).toContain("Language: de");
    expect(notification.html).toContain("Zoë &#34;Z&#34; O&#39;Brien &#38; Co");
    expect(notification.html).toContain("Müller &#38; Söhne &#39;GmbH&#39;");
    expect(notification.html).not.toContain("& Co");

    const confirmation = await smtp.waitFor("zoe@example.com");
    expect(confirmation.subject).toBe("Wir haben Ihre Nachricht erhalten");
    expect(confirmation.text).toContain('Hallo Zoë "Z" O\'Brien & Co,');
    expect(confirmation.html).toContain('lang="de"');
    expect(confirmation.html).toContain("Hallo Zoë &#34;Z&#34; O&#39;Brien &#38; Co,");
    expect(confirmation.headers.get("message-id")).toBe(`<contact-confirmation.${id}@crm.example>`);

    await expect
      .poll(async () => (await server.db.selectFrom("contact_request").select("status").where("id", "=", id).executeTakeFirst())?.status)
      .toBe("notified");
  });

  it("answers in English by default and leaves an empty company out", async () => {
    const res = await server.fetch("/api/send-contact", post({ name: "Ada", email: "ada@example.com" }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const confirmation = await smtp.waitFor("ada@example.com");
    expect(confirmation.subject).toBe("We have received your message");
    expect(confirmation.text).toContain("Hello Ada,");
    expect((await server.db.selectFrom("contact_request").select("company").where("id", "=", id).executeTakeFirst())?.company).toBeNull();
  });

  it("accepts a request that fills the honeypot but stores it as spam and mails nobody", async () => {
    const res = await server.fetch("/api/send-contact", post({ name: "Bot", email: "bot@spam.example", website: "http://spam.example" }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await server.db.selectFrom("contact_request").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("spam");
    const queued = await server.db.selectFrom("mail_outbox").select("id").where("ref", "=", id).execute();
    expect(queued).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((m) => m.to.includes("bot@spam.example"))).toEqual([]);
  });

  const valid = { name: "Grace Hopper", email: "grace@example.com", company: "Navy" };
  /** A JSON body streamed with chunked transfer encoding, so no Content-Length announces its size. */
  const streamed = (body: unknown): RequestInit =>
    ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([JSON.stringify(body)]).stream(),
      duplex: "half",
    }) as RequestInit;

  it("accepts a request whose body comes in chunks, without a length", async () => {
    const res = await server.fetch("/api/send-contact", streamed({ ...valid, email: "chunked@example.com" }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await server.db.selectFrom("contact_request").select("email").where("id", "=", id).executeTakeFirst();
    expect(row?.email).toBe("chunked@example.com");
    // Both mails go out, as for any request (and before the next test counts mails).
    await smtp.waitFor(INBOX, (m) => m.text.includes(id));
    await smtp.waitFor("chunked@example.com");
  });
  const badInputs: [string, RequestInit, number][] = [
    ["plain text content type", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(valid) }, 415],
    [
      "form-encoded body",
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=Grace&email=g%40x.de" },
      415,
    ],
    ["no content type", { method: "POST", body: JSON.stringify(valid) }, 415],
    ["malformed JSON", post('{"name": "Grace",'), 400],
    ["empty body", post(""), 400],
    ["a JSON array", post([valid]), 400],
    ["JSON null", post("null"), 400],
    ["a JSON string", post('"hello"'), 400],
    ["name as a number", post({ ...valid, name: 42 }), 400],
    ["email as an object", post({ ...valid, email: { address: "grace@example.com" } }), 400],
    ["company as an array", post({ ...valid, company: ["Navy"] }), 400],
    ["missing name", post({ email: valid.email }), 400],
    ["missing email", post({ name: valid.name }), 400],
    ["empty object", post({}), 400],
    ["one-letter name", post({ ...valid, name: " G " }), 400],
    ["name over 100 characters", post({ ...valid, name: "G".repeat(101) }), 400],
    ["invalid email", post({ ...valid, email: "grace@" }), 400],
    ["email over 254 characters", post({ ...valid, email: `${"g".repeat(250)}@example.com` }), 400],
    ["company over 200 characters", post({ ...valid, company: "N".repeat(201) }), 400],
    ["1 MB body", post({ ...valid, company: "N".repeat(1024 * 1024) }), 413],
    ["17 KB body", post({ ...valid, padding: "x".repeat(17 * 1024) }), 413],
    ["17 KB body sent in chunks, without a length", streamed({ ...valid, padding: "x".repeat(17 * 1024) }), 413],
    ["control characters in the name", post({ ...valid, name: "Grace\u0000Hopper" }), 400],
    ["a tab in the company", post({ ...valid, company: "Navy\tYard" }), 400],
    ["a script tag as name", post({ ...valid, name: "<script>alert(1)</script>" }), 400],
    ["a script tag in the company", post({ ...valid, company: '<img src=x onerror="alert(1)">' }), 400],
    ["header injection in the name", post({ ...valid, name: "Grace\r\nBcc: victim@example.com" }), 400],
    ["header injection in the email", post({ ...valid, email: "grace@example.com\r\nBcc: victim@example.com" }), 400],
    ["header injection via a line separator", post({ ...valid, name: "Grace\u2028Bcc: victim@example.com" }), 400],
    ["two addresses in the email", post({ ...valid, email: "grace@example.com, victim@example.com" }), 400],
  ];

  it.each(badInputs)("rejects %s with a JSON 4xx and stores nothing", async (_label, init, status) => {
    const before = await server.db
      .selectFrom("contact_request")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await server.fetch("/api/send-contact", init);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(typeof body.message).toBe("string");
    expect(body.message.length).toBeGreaterThan(0);
    const after = await server.db
      .selectFrom("contact_request")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("names each invalid field in the request's language", async () => {
    const res = await server.fetch("/api/send-contact", post({ name: "G", email: "nope", company: "<b>" }, { "x-language": "de" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Bitte prüfen Sie das Formular und versuchen Sie es erneut",
      code: "invalid_contact",
      errors: {
        name: "Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen)",
        email: "Bitte geben Sie eine gültige E-Mail-Adresse ein",
        company: "Bitte entfernen Sie Zeilenumbrüche, Steuerzeichen und spitze Klammern",
      },
    });
  });

  it.each([
    [{ name: "You won! Claim at https://evil.example/claim" }, "name"],
    [{ name: "Visit www.evil.example" }, "name"],
    [{ name: "Claim at evil.example/claim" }, "name"],
    [{ name: "Ada", company: "Write to prizes@evil.example" }, "company"],
    [{ name: "Ada", company: "hxxp://x.y" }, "company"],
  ])("refuses a link or address in a name or company (%j), in the request's language", async (fields, field) => {
    const before = smtp.messages.length;
    const body = { email: "victim@example.com", ...fields };
    const en = await server.fetch("/api/send-contact", post(body));
    expect(en.status).toBe(400);
    expect((await en.json()).errors).toEqual({ [field]: "Please leave out links and e-mail addresses" });
    const de = await server.fetch("/api/send-contact", post(body, { "x-language": "de" }));
    expect(de.status).toBe(400);
    expect((await de.json()).errors).toEqual({ [field]: "Bitte lassen Sie Links und E-Mail-Adressen weg" });
    const stored = await server.db.selectFrom("contact_request").select("id").where("email", "=", "victim@example.com").execute();
    expect(stored).toEqual([]);
    expect(smtp.messages.length).toBe(before);
  });

  it("stores the message and mails it to the team only, never to the sender", async () => {
    const message = "We hire 40 engineers a year.\nCan we see a demo? <b>Details</b> at https://crm.example/jobs";
    const res = await server.fetch("/api/send-contact", post({ name: "Mia Meyer", email: "mia@example.com", message: `  ${message}  ` }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await server.db.selectFrom("contact_request").select("message").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.message).toBe(message);

    const notification = await smtp.waitFor(INBOX, (m) => m.text.includes(id));
    expect(notification.subject).toBe(`New contact request ${id.slice(0, 8)}`);
    expect(notification.subject).not.toContain("Mia");
    expect(notification.text).toContain(`Message:\n${message}`);
    expect(notification.html).toContain("&#60;b&#62;Details&#60;/b&#62;");
    expect(notification.html).not.toContain("<b>Details");

    const confirmation = await smtp.waitFor("mia@example.com");
    expect(confirmation.text).not.toContain("engineers");
    expect(confirmation.html).not.toContain("engineers");
    expect(confirmation.subject).toBe("We have received your message");
  });

  it("refuses a message over 2,000 characters and stores an empty one as none", async () => {
    const long = await server.fetch(
      "/api/send-contact",
      post({ name: "Max Muster", email: "max@example.com", message: "x".repeat(2001) }, { "x-language": "de" }),
    );
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toEqual({ message: "Bitte kürzen Sie Ihre Nachricht auf höchstens 2.000 Zeichen." });
    const exact = await server.fetch(
      "/api/send-contact",
      post({ name: "Max Muster", email: "max@example.com", message: "x".repeat(2000) }),
    );
    expect(exact.status).toBe(201);
    const empty = await server.fetch("/api/send-contact", post({ name: "Max Muster", email: "max2@example.com", message: "   " }));
    const { id } = await empty.json();
    const row = await server.db.selectFrom("contact_request").select("message").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.message).toBeNull();
    // Both requests' mails are out before the next test counts mails.
    const ids = [(await exact.json()).id, id];
    await expect
      .poll(async () =>
        (await server.db.selectFrom("contact_request").select("status").where("id", "in", ids).execute()).map((r) => r.status),
      )
      .toEqual(["notified", "notified"]);
  });

  it("answers other methods with a JSON 405", async () => {
    const res = await server.fetch("/api/send-contact");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect((await res.json()).message).toBeTruthy();
  });

  it("keeps the request while the mail server is down and delivers both mails once it is back", async () => {
    smtp.setRefusing(true);
    const res = await server.fetch("/api/send-contact", post({ name: "Outage Olga", email: "olga@example.com" }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    await expect
      .poll(
        async () =>
          (await server.db.selectFrom("mail_outbox").select("last_error").where("ref", "=", id).execute()).every((r) => r.last_error),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(mailsFor(id)).toEqual([]);
    smtp.setRefusing(false);
    await smtp.waitFor(INBOX, (m) => m.text.includes(id), 15_000);
    await smtp.waitFor("olga@example.com", () => true, 15_000);
    await expect
      .poll(async () => {
        const rows = await server.db.selectFrom("mail_outbox").select(["sent_at", "attempts"]).where("ref", "=", id).execute();
        return rows.every((r) => r.sent_at && r.attempts >= 2);
      })
      .toBe(true);
    const delivered = mailsFor(id);
    expect(delivered.map((m) => m.to[0]).sort()).toEqual([INBOX, "olga@example.com"].sort());
  });

  it("stores 200 concurrent submissions and sends 400 mails without duplicates", async () => {
    const before = smtp.messages.length;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => server.fetch("/api/send-contact", post({ name: `Load ${i}`, email: `load-${i}@example.com` }))),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).id as string)));
    expect(ids.size).toBe(200);
    const stored = await server.db.selectFrom("contact_request").select("id").where("name", "like", "Load %").execute();
    expect(stored).toHaveLength(200);

    const deadline = Date.now() + 25_000;
    while (smtp.messages.length - before < 400 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300)); // any duplicate would arrive now
    const loadMails: CapturedMail[] = smtp.messages.slice(before);
    expect(loadMails).toHaveLength(400);
    const messageIds = new Set(loadMails.map((m) => String(m.headers.get("message-id"))));
    expect(messageIds.size).toBe(400);
    for (let i = 0; i < 200; i++) {
      expect(loadMails.filter((m) => m.to.includes(`load-${i}@example.com`))).toHaveLength(1);
    }
    expect(loadMails.filter((m) => m.to.includes(INBOX))).toHaveLength(200);
  }, 40_000);
});

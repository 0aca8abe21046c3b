import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitContact } from "../../server/contact/submit-contact.js";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { type JobRunner, startJobRunner } from "../../server/jobs/runner.js";
import { outboxDelivery } from "../../server/mail/outbox-delivery.js";
import { contactConfirmationMail } from "../../server/mail/templates/contact-confirmation.js";
import { contactNotificationMail } from "../../server/mail/templates/contact-notification.js";
import type { Mail } from "../../server/mail/transport.js";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.js";

describe.each(DATABASE_KINDS)("mails queued in the outbox on %s", (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let worker: JobRunner | undefined;
  const sent: Mail[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await worker?.stop();
    await handle?.close();
    await database?.drop();
  });

  /** Runs the outbox's delivery until `count` mails went out (or failed), then stops it. */
  async function deliver(count: number, sendMail = async (mail: Mail) => void sent.push(mail)) {
    const before = sent.length;
    worker = startJobRunner({
      db: handle.db,
      logger: pino({ level: "silent" }),
      kinds: [outboxDelivery({ db: handle.db, sendMail, pollMs: 50, retryBaseMs: 60_000 })],
    });
    await expect.poll(() => sent.length - before, { timeout: 10_000 }).toBe(count);
    await worker.stop();
    worker = undefined;
    return sent.slice(before);
  }

  it("stores a contact request's mails as values and sends the mails their templates make", async () => {
    const ctx = {
      language: "de",
      clientIp: "10.0.0.1",
      userAgent: undefined,
      secret: "s".repeat(32),
      inbox: "inbox@example.com",
      mailDomain: "example.com",
    };
    const { id } = await submitContact(
      handle.db,
      { name: "Ada <Lovelace>", email: "ada@example.com", company: "Engines & Co", message: "Eine Demo, bitte." },
      ctx,
    );

    const rows = await handle.db
      .selectFrom("mail_outbox")
      .select(["kind", "to", "subject", "html", "data"])
      .where("ref", "=", id)
      .orderBy("kind")
      .execute();
    expect(rows.map((r) => [r.kind, r.to, r.subject, r.html])).toEqual([
      ["contact-confirmation", "ada@example.com", null, null],
      ["contact-notification", "inbox@example.com", null, null],
    ]);

    const request = await handle.db.selectFrom("contact_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const contact = { ...request, createdAt: new Date(request.created_at) };
    const mails = await deliver(2);
    const byRecipient = (to: string) => mails.find((m) => m.to === to);
    expect(byRecipient("ada@example.com")).toEqual({
      ...contactConfirmationMail(contact),
      messageId: `<contact-confirmation.${id}@example.com>`,
    });
    expect(byRecipient("inbox@example.com")).toEqual({
      ...contactNotificationMail(contact, "inbox@example.com"),
      messageId: `<contact-notification.${id}@example.com>`,
    });
    expect(byRecipient("ada@example.com")?.subject).toBe("Wir haben Ihre Nachricht erhalten");
  });

  it("sends a mail queued with its rendered bodies by an earlier version as it was stored", async () => {
    await handle.db
      .insertInto("mail_outbox")
      .values({
        kind: "team-invitation",
        message_id: "<old.1@example.com>",
        to: "old@example.com",
        reply_to: null,
        subject: "Stored subject",
        text: "Stored text",
        html: "<p>Stored</p>",
      })
      .execute();
    expect(await deliver(1)).toEqual([
      {
        to: "old@example.com",
        subject: "Stored subject",
        text: "Stored text",
        html: "<p>Stored</p>",
        replyTo: undefined,
        messageId: "<old.1@example.com>",
      },
    ]);
  });

  it("keeps a mail of a kind it cannot render in the outbox with the reason, and sends the others", async () => {
    await handle.db
      .insertInto("mail_outbox")
      .values([
        {
          kind: "from-a-newer-version",
          message_id: "<new.1@example.com>",
          to: "new@example.com",
          data: JSON.stringify({ to: "new@example.com" }),
        },
        {
          kind: "waitlist-invitation",
          message_id: "<invite.1@example.com>",
          to: "invitee@example.com",
          data: JSON.stringify({ to: "invitee@example.com", baseUrl: "https://crm.example", lang: "en" }),
        },
      ])
      .execute();
    const [mail] = await deliver(1);
    expect(mail?.to).toBe("invitee@example.com");
    expect(mail?.text).toContain("https://crm.example/en/sign-up");
    const kept = await handle.db
      .selectFrom("mail_outbox")
      .select(["sent_at", "last_error"])
      .where("message_id", "=", "<new.1@example.com>")
      .executeTakeFirstOrThrow();
    expect(kept.sent_at).toBeNull();
    expect(kept.last_error).toContain('no mail template for the kind "from-a-newer-version"');
  });

  it("refuses a row with neither values nor a rendered mail", async () => {
    await expect(
      handle.db
        .insertInto("mail_outbox")
        .values({ kind: "contact-confirmation", message_id: "<empty.1@example.com>", to: "x@example.com" })
        .execute(),
    ).rejects.toThrow(/mail_outbox_content/);
  });
});

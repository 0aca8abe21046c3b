import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_REQUEST_TOPIC, markRequestsNotified } from "../../server/contact/mark-notified.js";
import { submitContact } from "../../server/contact/submit-contact.js";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { type JobRunner, startJobRunner } from "../../server/jobs/runner.js";
import { outboxDelivery } from "../../server/mail/outbox-delivery.js";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";

const postgres = Boolean(process.env.TEST_DATABASE_URL);

// Two server instances share the outbox through PostgreSQL; each runs its own worker.
describe.skipIf(!postgres)("two outbox workers finishing one request's mails at the same moment", () => {
  let database: TestDatabase;
  const handles: DatabaseHandle[] = [];
  const workers: JobRunner[] = [];
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir }));
    await migrateToLatest((handles[0] as DatabaseHandle).db);
    client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await client?.end();
    for (const h of handles) await h.close();
    await database?.drop();
  });

  it("marks the request notified although neither worker saw the other's mail sent", async () => {
    const db = (handles[0] as DatabaseHandle).db;
    const { id } = await submitContact(
      db,
      { name: "Race Condition", email: "race@example.com" },
      {
        language: "en",
        clientIp: "10.0.0.1",
        userAgent: undefined,
        secret: "s".repeat(32),
        inbox: "inbox@example.com",
        mailDomain: "example.com",
      },
    );

    // Each worker claims one of the two mails and holds it in "sending" until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sending = 0;
    const sendMail = async () => {
      sending++;
      await released;
    };
    for (const handle of handles) {
      workers.push(
        startJobRunner({
          db: handle.db,
          logger: pino({ level: "silent" }),
          kinds: [
            outboxDelivery({
              db: handle.db,
              sendMail,
              onDelivered: { [CONTACT_REQUEST_TOPIC]: markRequestsNotified },
              // One mail at a time per worker, so that each of the two holds one of the request's mails.
              batchSize: 1,
              inFlight: 1,
              pollMs: 60_000,
            }),
          ],
        }),
      );
    }
    await expect.poll(() => sending, { timeout: 10_000 }).toBe(2);

    // Holding both rows makes both workers' "mark sent" statements start before either commits,
    // the moment two instances finishing together can produce by chance.
    await client.query("begin");
    await client.query("select id from mail_outbox where ref = $1 for update", [id]);
    release();
    await expect
      .poll(
        async () => {
          const { rows } = await client.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return rows[0]?.n;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    await client.query("commit");

    await expect
      .poll(async () => {
        const { rows } = await client.query<{ unsent: number; status: string }>(
          `select (select count(*)::int from mail_outbox where ref = $1 and sent_at is null) as unsent,
                  (select status from contact_request where id = $1) as status`,
          [id],
        );
        return rows[0];
      })
      .toEqual({ unsent: 0, status: "notified" });
  });
});

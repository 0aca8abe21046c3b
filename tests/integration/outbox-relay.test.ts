import { createServer, type Server, type Socket } from "node:net";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { startJobRunner } from "../../server/jobs/runner.js";
import { queueMails } from "../../server/mail/outbox.js";
import { outboxDelivery } from "../../server/mail/outbox-delivery.js";
import { createMailer } from "../../server/mail/transport.js";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";

/**
 * A mail relay speaking plain SMTP that, after every third mail it accepted (its 250 sent), drops
 * the connection, as a relay restarting or limiting its connections does. It counts each
 * Message-ID it accepted and the connections it was opened.
 */
async function droppingRelay() {
  const accepted = new Map<string, number>();
  let connections = 0;
  let taken = 0;
  const server: Server = createServer((socket: Socket) => {
    connections++;
    let buffer = "";
    let inData = false;
    socket.write("220 relay ESMTP\r\n");
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const id = /^message-id:\s*(\S+)/im.exec(buffer.slice(0, end))?.[1] ?? "none";
          buffer = buffer.slice(end + 5);
          inData = false;
          accepted.set(id, (accepted.get(id) ?? 0) + 1);
          socket.write("250 OK queued\r\n");
          if (++taken % 3 === 0) {
            socket.destroy();
            return;
          }
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end < 0) return;
        const line = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (line.startsWith("EHLO")) socket.write("250-relay\r\n250 8BITMIME\r\n");
        else if (line.startsWith("DATA")) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (line.startsWith("QUIT")) socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("outbox delivery over pooled connections to a relay that drops them", () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let relay: Awaited<ReturnType<typeof droppingRelay>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    handle = await openDatabase({ dataDir: database.dataDir });
    await migrateToLatest(handle.db);
    relay = await droppingRelay();
  }, 60_000);
  afterAll(async () => {
    await relay?.close();
    await handle?.close();
    await database?.drop();
  });

  it("delivers every mail exactly once, reusing connections, when the relay drops them after accepting", async () => {
    const mails = Array.from({ length: 90 }, (_, i) => ({
      kind: "waitlist-confirmation" as const,
      values: { to: `person${i}@example.com`, baseUrl: "http://localhost:3000", lang: "en", token: `t${i}` },
      messageId: `<relay-test.${i}@example.com>`,
    }));
    await queueMails(handle.db, mails);
    const logger = pino({ level: "silent" });
    const mailer = createMailer({ smtpUrl: relay.url, from: "crm@example.com", db: handle.db, logger });
    const runner = startJobRunner({
      db: handle.db,
      logger,
      kinds: [
        outboxDelivery({ db: handle.db, sendMail: mailer.sendMail, connections: mailer.connections, retryBaseMs: 50, retryMaxMs: 200 }),
      ],
    });
    try {
      await expect
        .poll(
          async () =>
            (await sql<{ n: number }>`select count(*)::int as n from mail_outbox where sent_at is null`.execute(handle.db)).rows[0]?.n,
          {
            timeout: 30_000,
          },
        )
        .toBe(0);
    } finally {
      await runner.stop();
      mailer.close();
    }
    // Each accepted mail once: a mail whose 250 arrived before the drop is marked sent, never sent again.
    expect([...relay.accepted.keys()].sort()).toEqual(mails.map((m) => m.messageId).sort());
    expect([...relay.accepted.values()].every((n) => n === 1)).toBe(true);
    // Up to three mails a connection (a mail handed to a connection as the relay dropped it is retried
    // on another): the pool kept connections open, where one per mail would be 90.
    expect(relay.connections).toBeGreaterThanOrEqual(30);
    expect(relay.connections).toBeLessThan(45);
  });
});

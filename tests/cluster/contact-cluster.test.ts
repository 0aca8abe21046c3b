import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster } from "../support/cluster.js";
import { nginxBinary } from "../support/nginx.js";
import { type CapturedMail, startSmtpCapture } from "../support/smtp.js";

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const INBOX = "contact@cluster.example";
// Each instance greets the SMTP server with its own name, so a mail tells which outbox worker sent it.
const SENDERS = ["instance-a.cluster.test", "instance-b.cluster.test"];

describe.skipIf(!redisUrl || !postgres || !nginxBinary())("contact requests on two instances behind a load balancer", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let db: pg.Client;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    cluster = await startCluster({
      instances: 2,
      redisUrl: redisUrl as string,
      // Failed deliveries are logged as warnings; the outage below would flood the test output.
      env: { RATE_LIMIT: "on", CONTACT_INBOX: INBOX, LOG_LEVEL: "error" },
      instanceEnv: (i) => ({ SMTP_URL: `${smtp.url}/?name=${SENDERS[i]}` }),
    });
    db = new pg.Client({ connectionString: cluster.database.databaseUrl });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await smtp?.close();
  });

  /** Submits `count` requests at once, each from its own address in 10.`subnet`.0.0/16, and returns their ids. */
  async function submit(prefix: string, count: number, subnet: number): Promise<string[]> {
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        cluster.fetch("/api/send-contact", {
          method: "POST",
          headers: { "content-type": "application/json", "x-simulated-client": `10.${subnet}.${Math.floor(i / 250)}.${(i % 250) + 1}` },
          body: JSON.stringify({ name: `${prefix} ${i}`, email: `${prefix}-${i}@example.com`, company: "Cluster & Co" }),
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(count).fill(201));
    return Promise.all(responses.map(async (r) => (await r.json()).id as string));
  }

  /** Waits until `expected` mails of the given requests arrived, then a moment longer for any duplicate. */
  async function mailsOf(ids: string[], expected: number, timeoutMs: number): Promise<CapturedMail[]> {
    const mine = () => smtp.messages.filter((m) => ids.some((id) => messageId(m).includes(id)));
    const deadline = Date.now() + timeoutMs;
    while (mine().length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Both workers poll every second: a mail sent twice would arrive within this wait.
    await new Promise((r) => setTimeout(r, 2_500));
    return mine();
  }

  /** Asserts each request produced exactly its notification and its confirmation, each once. */
  function expectEachMailOnce(prefix: string, ids: string[], mails: CapturedMail[]) {
    expect(mails).toHaveLength(ids.length * 2);
    expect(new Set(mails.map(messageId)).size).toBe(ids.length * 2);
    ids.forEach((id, i) => {
      const own = mails.filter((m) => messageId(m).includes(id));
      expect(own.map((m) => m.to.join()).sort(), id).toEqual([INBOX, `${prefix}-${i}@example.com`].sort());
    });
  }

  async function storedRequests(prefix: string) {
    const { rows } = await db.query<{ id: string; status: string }>("select id, status from contact_request where name like $1", [
      `${prefix} %`,
    ]);
    return rows;
  }

  it("stores every request sent through both instances once and mails each exactly once", async () => {
    const served = new Map(cluster.served);
    const ids = await submit("spread", 60, 1);
    expect(new Set(ids).size).toBe(60);
    // The proxy alternates, so both instances took about half of the requests.
    for (const { port } of cluster.instances) expect((cluster.served.get(port) ?? 0) - (served.get(port) ?? 0)).toBeGreaterThanOrEqual(29);

    const rows = await storedRequests("spread");
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());

    const mails = await mailsOf(ids, 120, 30_000);
    expectEachMailOnce("spread", ids, mails);
    expect((await storedRequests("spread")).every((r) => r.status === "notified")).toBe(true);
  }, 50_000);

  it("drains a backlog built during a mail outage with both workers, sending no mail twice", async () => {
    smtp.setRefusing(true);
    const ids = await submit("backlog", 80, 2);
    const backlog = () =>
      db.query<{ sent: boolean; failed: boolean; attempts: number }>(
        "select o.sent_at is not null as sent, o.last_error is not null as failed, o.attempts from mail_outbox o join contact_request c on c.id = o.ref where c.name like 'backlog %'",
      );
    // Every mail was tried and failed at least once, so the whole batch is a backlog when the relay returns.
    await expect.poll(async () => (await backlog()).rows.filter((r) => !r.sent && r.failed).length, { timeout: 20_000 }).toBe(160);

    // The relay comes back slow, so each worker still has mails in flight when the other claims its next batch.
    smtp.setDelay(150);
    smtp.setRefusing(false);
    const mails = await mailsOf(ids, 160, 40_000);
    smtp.setDelay(0);
    expectEachMailOnce("backlog", ids, mails);

    // Both workers took part in the drain.
    for (const sender of SENDERS) expect(mails.filter((m) => m.client === sender).length, sender).toBeGreaterThan(0);
    const { rows: outbox } = await backlog();
    expect(outbox).toHaveLength(160);
    expect(outbox.every((r) => r.sent && r.attempts >= 2)).toBe(true);
    expect((await storedRequests("backlog")).every((r) => r.status === "notified")).toBe(true);
  }, 60_000);
});

const messageId = (m: CapturedMail) => String(m.headers.get("message-id") ?? "");

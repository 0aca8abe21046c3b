import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.js";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.js";
import { freePort, testEnvironment } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";

/** Starting a server on a fresh embedded database can take long on a busy machine. */
const START_TIMEOUT = 120_000;

const INBOX = "inbox@example.com";

/** The server as its own process (source run through tsx), so it can be killed without warning. */
function spawnServer(database: TestDatabase, port: number, smtpUrl: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      ...testEnvironment(port, database),
      REDIS_URL: "",
      SMTP_URL: smtpUrl,
      CONTACT_INBOX: INBOX,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitHealthy(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve)));

describe.each(DATABASE_KINDS)("a server killed right after accepting a request, on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let database: TestDatabase;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    database = await createTestDatabase(kind);
  }, START_TIMEOUT);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await exited(child);
    }
    await smtp?.close();
    await database?.drop();
  });

  it("has the request stored and delivers its mails after a restart", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The mail server refuses at first, so nothing can be delivered before the kill.
    smtp.setRefusing(true);
    child = spawnServer(database, port, smtp.url);
    await waitHealthy(url, child);

    const res = await fetch(`${url}/api/send-contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "de" },
      body: JSON.stringify({ name: "Kim Killed", email: "kim@example.com", company: "Crash & Co" }),
    });
    expect(res.status).toBe(201);
    child.kill("SIGKILL");
    const { id } = await res.json();
    await exited(child);
    smtp.setRefusing(false);
    child = spawnServer(database, port, smtp.url);
    await waitHealthy(url, child);

    const notification = await smtp.waitFor(INBOX, (m) => m.text.includes(id), 70_000);
    expect(notification.text).toContain("Company: Crash & Co");
    const confirmation = await smtp.waitFor("kim@example.com", () => true, 10_000);
    expect(confirmation.subject).toBe("Wir haben Ihre Nachricht erhalten");

    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    expect(smtp.messages).toHaveLength(2);

    const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      const row = await handle.db.selectFrom("contact_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "Kim Killed", email: "kim@example.com", language: "de", status: "notified" });
    } finally {
      await handle.close();
    }
  }, 240_000);
});

import { createServer, type Server } from "node:net";
import pg from "pg";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";
import { startServer } from "../../server/server.js";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.js";
import { freePort, testEnvironment } from "../support/server.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function occupiedPort(): Promise<number> {
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
  return (blocker.address() as { port: number }).port;
}

const configOn = (port: number, database: TestDatabase) => loadConfig(testEnvironment(port, database));

async function connectionsTo(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
    return rows[0].n;
  } finally {
    await admin.end();
  }
}

describe.each(DATABASE_KINDS)("a server whose port is taken, on %s", (kind) => {
  it("fails to start, leaves its database closed, and starts on another port with the same data", async () => {
    const database = await createTestDatabase(kind);
    cleanups.push(() => database.drop());
    const logger = pino({ level: "silent" });

    const refused = startServer(configOn(await occupiedPort(), database), { logger });
    await expect(refused).rejects.toMatchObject({ code: "EADDRINUSE" });
    if (database.databaseUrl) expect(await connectionsTo(database.databaseUrl)).toBe(0);

    const port = await freePort();
    const running = await startServer(configOn(port, database), { logger });
    cleanups.push(() => running.close());
    const response = await fetch(`http://127.0.0.1:${port}/api/send-contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ name: "Ada Lovelace", email: "ada@example.com" }),
    });
    expect(response.status).toBe(201);
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../server/db/errors.js";
import { ownPostgres, postgresBinDir } from "../support/own-postgres.js";
import { freePort, startTestServer, type TestServer } from "../support/server.js";

// Needs the PostgreSQL server binaries to run a private server that can be stopped.
describe.skipIf(!postgresBinDir())("database outage on PostgreSQL", () => {
  let pg: ReturnType<typeof ownPostgres>;
  let server: TestServer;

  beforeAll(async () => {
    pg = ownPostgres(await freePort());
    await pg.start();
    server = await startTestServer("pglite", { DATABASE_URL: pg.url });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    pg?.destroy();
  });

  const signIn = () =>
    server.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "a long password" }),
    });

  it("reports the outage, answers 503 JSON, and recovers without a restart", async () => {
    expect((await server.fetch("/healthz")).status).toBe(200);

    await pg.stop();
    const health = await server.fetch("/healthz");
    expect(health.status).toBe(503);
    expect((await health.json()).message).toBeTruthy();
    const ready = await server.fetch("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      code: "not_ready",
      failing: ["database", "migrations"],
      checks: { database: "unreachable" },
    });
    // Pages do not need the database and keep being served.
    expect((await server.fetch("/en")).status).toBe(200);
    const during = await signIn();
    expect(during.status).toBe(503);
    expect((await during.json()).message).toBeTruthy();

    await pg.start();
    await expect.poll(async () => (await server.fetch("/healthz")).status, { timeout: 15_000 }).toBe(200);
    expect((await server.fetch("/readyz")).status).toBe(200);
    expect((await signIn()).status).toBe(401);
  }, 60_000);

  it("keeps running when the database goes away while a transaction holds a connection between statements", async () => {
    const transaction = server.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await pg.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);

    await pg.start();
    await expect.poll(async () => (await server.fetch("/healthz")).status, { timeout: 15_000 }).toBe(200);
  }, 60_000);
});

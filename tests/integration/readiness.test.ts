import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server.js";

// Readiness (decision 011): the database, its migrations and Redis when configured; 503 naming the
// failing part, and while the process stops. Liveness (/healthz) is unchanged. The outages of the
// database and of Redis are shown in database-outage.test.ts and redis-outage.test.ts.
describe("readiness", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("pglite");
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("is ready when the database answers and every migration is applied", async () => {
    const res = await server.fetch("/readyz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // Without REDIS_URL, Redis is not asked.
    expect(await res.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok" } });
  });

  it("is not ready while a migration of this version is missing, and says so in the request's language", async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(server.db);
    const name = rows[0]?.name as string;
    await sql`delete from kysely_migration where name = ${name}`.execute(server.db);
    try {
      const res = await server.fetch("/readyz", { headers: { "accept-language": "de" } });
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body).toMatchObject({
        status: "unavailable",
        code: "not_ready",
        failing: ["migrations"],
        checks: { database: "ok", migrations: "pending" },
      });
      expect(body.message).toBe("Nicht bereit, Anfragen anzunehmen: migrations.");
      // Liveness does not look at migrations: the process is fine, it just must not take traffic.
      expect((await server.fetch("/healthz")).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(server.db);
    }
    expect((await server.fetch("/readyz")).status).toBe(200);
  });

  it("answers 503 during a graceful stop while requests are still served", async () => {
    // SHUTDOWN_DELAY keeps the listener open for a while after the stop begins.
    const stopping = await startTestServer("pglite", { SHUTDOWN_DELAY: "3" });
    expect((await stopping.fetch("/readyz")).status).toBe(200);
    const stopped = stopping.stop();
    try {
      const res = await stopping.fetch("/readyz");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        status: "unavailable",
        code: "shutting_down",
        failing: ["shutdown"],
        message: "The server is shutting down and takes no new requests.",
      });
      // Still alive, and still answering what it is asked meanwhile.
      expect((await stopping.fetch("/healthz")).status).toBe(200);
      expect((await stopping.fetch("/en")).status).toBe(200);
    } finally {
      await stopped;
    }
    await expect(fetch(`${stopping.localUrl}/readyz`)).rejects.toThrow();
  });
});

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMaintenance } from "../../server/access/maintenance.js";
import { json } from "../integration/billing-support.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";

const run = promisify(execFile);
const signIn = (server: TestServer, lang = "en") =>
  server.fetch("/api/auth/sign-in/email", json({ email: "nobody@example.com", password: "correct horse battery" }, { "x-language": lang }));

const MESSAGE = {
  en: "We are carrying out maintenance. Signing in, signing up and the account area will be back shortly; the website stays available.",
  de: "Wir führen gerade Wartungsarbeiten durch. Anmeldung, Registrierung und Kontobereich sind in Kürze wieder verfügbar; die Website bleibt erreichbar.",
};

/** An instance reads the switch at most every 5 seconds. */
const SWITCH_DELAY = { timeout: 15_000, interval: 250 };

async function expectMaintenance(res: Response, lang: "en" | "de" = "en") {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("300");
  expect(await res.json()).toEqual({ code: "maintenance", message: MESSAGE[lang] });
}

describe.each(DATABASE_KINDS)("maintenance mode switched in the database on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  }, 120_000);
  afterAll(() => server?.stop());

  it("closes sign-in, sign-up and the account API while the site and the contact form stay up, then opens again", async () => {
    expect((await signIn(server)).status).toBe(401);

    await setMaintenance(server.db, true);
    await expect.poll(async () => (await signIn(server)).status, SWITCH_DELAY).toBe(503);

    await expectMaintenance(await signIn(server));
    await expectMaintenance(await signIn(server, "de"), "de");
    await expectMaintenance(
      await server.fetch(
        "/api/auth/sign-up/email",
        json({ name: "Ada", email: "ada@example.com", password: "correct horse battery", legalConsent: true }),
      ),
    );
    await expectMaintenance(await server.fetch("/api/auth/get-session"));
    // Answered before the session check: a visitor learns about maintenance, not about signing in.
    await expectMaintenance(await server.fetch("/api/subscription"));
    await expectMaintenance(await server.fetch("/api/teams", json({ name: "Acme" })));

    expect((await server.fetch("/en")).status).toBe(200);
    expect((await server.fetch("/de/sign-in")).status).toBe(200);
    expect((await server.fetch("/api/site-config")).status).toBe(200);
    const contact = await server.fetch("/api/send-contact", json({ name: "Grace Hopper", email: "grace@example.com" }));
    expect(contact.status).toBe(201);
    // The payment provider's events are still taken (this one is refused for its missing signature, not for maintenance).
    expect((await server.fetch("/api/webhooks/local", json({}))).status).not.toBe(503);

    await setMaintenance(server.db, false);
    await expect.poll(async () => (await signIn(server)).status, SWITCH_DELAY).toBe(401);
  }, 60_000);
});

describe("maintenance mode forced by MAINTENANCE=1", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", { MAINTENANCE: "1" });
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers sign-in with the maintenance message whatever the database says", async () => {
    await setMaintenance(server.db, false);
    await expectMaintenance(await signIn(server, "de"), "de");
    expect((await server.fetch("/de")).status).toBe(200);
  });
});

describe.skipIf(!DATABASE_KINDS.includes("postgres"))("npm run maintenance on PostgreSQL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("postgres");
  }, 120_000);
  afterAll(() => server?.stop());

  const cli = (command: string) =>
    run(process.execPath, ["--import", "tsx", "server/cli/maintenance.ts", command], {
      env: { PATH: process.env.PATH, DATABASE_URL: server.database.databaseUrl ?? "", DATA_DIR: server.database.dataDir },
    });

  it("switches a running instance on and off", async () => {
    expect((await cli("on")).stdout).toContain("Maintenance mode is on");
    await expect.poll(async () => (await signIn(server)).status, SWITCH_DELAY).toBe(503);
    expect((await cli("status")).stdout).toContain("Maintenance mode is on");
    expect((await cli("off")).stdout).toContain("Maintenance mode is off");
    await expect.poll(async () => (await signIn(server)).status, SWITCH_DELAY).toBe(401);
  }, 120_000);

  it("explains its usage for an unknown command", async () => {
    await expect(cli("maybe")).rejects.toMatchObject({ code: 2, stdout: expect.stringContaining("npm run maintenance -- on") });
  }, 60_000);
});

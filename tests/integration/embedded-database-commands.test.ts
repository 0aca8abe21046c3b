import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_ROLE } from "../../core/operator.js";
import { socketPathOf } from "../../server/commands/command-socket.js";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.js";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const run = promisify(execFile);
/** Each command is a fresh Node process that compiles the CLI. */
const CLI_TIMEOUT = 90_000;

/** Runs `npm run NAME -- ARGS` on the data folder as an operator would, in a process of its own. */
const cliOn =
  (dataDir: string) =>
  (name: string, ...args: string[]) =>
    run(process.execPath, ["--import", "tsx", `server/cli/${name}.ts`, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } });

/** Another process opening the data folder directly, as a second server or an old command would. */
const openInAnotherProcess = (dataDir: string) =>
  run(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { openDatabase } from "./server/db/database.ts";
       const db = await openDatabase({ dataDir: process.env.DATA_DIR });
       await db.close();`,
    ],
    { env: { PATH: process.env.PATH, DATA_DIR: dataDir } },
  );

describe("operator commands on the embedded database while the server runs", () => {
  let smtp: Smtp;
  let server: TestServer;
  let user: TestUser;
  let cli: ReturnType<typeof cliOn>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer("pglite", { SMTP_URL: smtp.url });
    cli = cliOn(server.database.dataDir);
    user = await signedInUser(server, smtp, "Greta Granted");
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("answers on a socket only the folder's owner may use", () => {
    const socket = statSync(socketPathOf(server.database.dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it(
    "does not let a second process open the data folder",
    async () => {
      await expect(openInAnotherProcess(server.database.dataDir)).rejects.toMatchObject({
        stderr: expect.stringContaining(`is open in process ${process.pid}`),
      });
      // The server still answers from its database.
      expect((await server.fetch("/healthz")).status).toBe(200);
    },
    CLI_TIMEOUT,
  );

  it(
    "switches maintenance mode and lists contact requests through the server",
    async () => {
      expect((await cli("maintenance", "on")).stdout).toBe("Maintenance mode is on in the database.\n");
      expect((await server.db.selectFrom("app_setting").select("value").where("key", "=", "maintenance").executeTakeFirst())?.value).toBe(
        "on",
      );
      expect((await cli("maintenance", "off")).stdout).toBe("Maintenance mode is off in the database.\n");
      expect((await server.fetch("/api/send-contact", json({ name: "Carl Contact", email: "carl@example.com" }))).status).toBe(201);
      expect((await cli("contacts", "list")).stdout).toContain("carl@example.com");
      await expect(cli("contacts", "list", "--status", "lost")).rejects.toMatchObject({ code: 2 });
    },
    CLI_TIMEOUT * 2,
  );

  it(
    "keeps a grant made while the server runs, with its audit entry, after the server stops",
    async () => {
      const granted = await cli("admin", "grant", user.email);
      expect(granted.stdout).toBe(`${user.email} is now an operator.\n`);
      // The running server sees it at once: the user may open the console.
      expect((await server.fetch("/api/admin/overview", { headers: { cookie: user.cookie } })).status).toBe(200);
      expect((await cli("admin", "list")).stdout).toContain(user.email);
      await expect(cli("admin", "grant", "nobody@example.com")).rejects.toMatchObject({
        code: 1,
        stderr: "No account uses the address nobody@example.com.\n",
      });

      await server.close();
      const reopened = await openDatabase({ dataDir: server.database.dataDir });
      try {
        const stored = await reopened.db.selectFrom("user").select("role").where("id", "=", user.id).executeTakeFirstOrThrow();
        expect(stored.role).toBe(OPERATOR_ROLE);
        const audit = await reopened.db
          .selectFrom("audit_log")
          .select(["action", "targetId", "targetLabel", "outcome"])
          .orderBy("id")
          .execute();
        expect(audit).toEqual([
          { action: "role.grant", targetId: user.id, targetLabel: user.email, outcome: "success" },
          { action: "role.grant", targetId: null, targetLabel: "nobody@example.com", outcome: "failure" },
        ]);
      } finally {
        await reopened.close();
      }
    },
    CLI_TIMEOUT * 3,
  );
});

describe("operator commands on an embedded database no server holds", () => {
  let database: TestDatabase;
  let cli: ReturnType<typeof cliOn>;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    cli = cliOn(database.dataDir);
  });
  afterAll(() => database?.drop());

  it(
    "open the folder themselves, and refuse clearly while another process that takes no commands holds it",
    async () => {
      expect((await cli("migrate")).stdout).toMatch(/^(Applied: .+|The database is up to date\.)\n$/);
      expect((await cli("maintenance", "status")).stdout).toBe("Maintenance mode is off in the database.\n");
      let holder: DatabaseHandle | undefined = await openDatabase({ dataDir: database.dataDir });
      try {
        await expect(cli("maintenance", "on")).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining(`is open in process ${process.pid}, which takes no commands`),
        });
        await holder.close();
        holder = undefined;
        expect((await cli("maintenance", "status")).stdout).toBe("Maintenance mode is off in the database.\n");
      } finally {
        await holder?.close();
      }
    },
    CLI_TIMEOUT * 3,
  );
});

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";

/** Starting a server on a fresh embedded database can take long on a busy machine. */
const START_TIMEOUT = 120_000;
/** Each command is a fresh Node process that compiles the CLI and opens the database. */
const CLI_TIMEOUT = 90_000;

const run = promisify(execFile);

describe.each(DATABASE_KINDS)("npm run contacts on %s", (kind) => {
  let server: TestServer;
  const cli = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "server/cli/contacts.ts", ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: server.database.dataDir, DATABASE_URL: server.database.databaseUrl ?? "" },
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const body of [
      {
        name: 'Lovelace, "Ada"',
        email: "ada@example.com",
        company: "=SUM(A1:A9)",
        message: '=HYPERLINK("http://evil.example","Click")\nSecond line',
      },
      { name: "Grace Hopper", email: "grace@example.com" },
      { name: "Spam Bot", email: "bot@example.com", website: "x" },
    ]) {
      const res = await server.fetch("/api/send-contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-language": "de" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
    }
    // The embedded database can be opened by one process at a time: the operator stops the server first.
    await server.close();
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.database.drop();
  });

  it(
    "lists the stored requests, newest first",
    async () => {
      const { stdout } = await cli("list");
      const lines = stdout.trim().split("\n");
      expect(lines[0]).toMatch(/^Received\s+Status\s+Mails\s+Name\s+Email\s+Company\s+Lang\s+Message\s+Id$/);
      expect(lines[2]).toContain("Spam Bot");
      expect(lines[2]).toContain("spam");
      expect(lines[3]).toContain("grace@example.com");
      expect(lines[4]).toContain('Lovelace, "Ada"');
      expect(lines[4]).toContain('=HYPERLINK("http://evil.example","Click…');
      expect(stdout).toContain("3 requests");
    },
    CLI_TIMEOUT,
  );

  it(
    "exports CSV with escaping and neutralised formulas",
    async () => {
      const { stdout } = await cli("export", "--format", "csv");
      const lines = stdout.split("\r\n");
      expect(lines[0]).toBe("id,created_at,status,name,email,company,message,language,mails_sent,mails_total");
      const ada = lines.find((l) => l.includes("ada@example.com"));
      expect(ada).toContain(
        `,"Lovelace, ""Ada""",ada@example.com,'=SUM(A1:A9),"'=HYPERLINK(""http://evil.example"",""Click"")\nSecond line",de,`,
      );
      expect(lines.at(-1)).toBe("");
      expect(lines).toHaveLength(5);
    },
    CLI_TIMEOUT,
  );

  it(
    "explains its usage for an unknown format",
    async () => {
      await expect(cli("export", "--format", "xlsx")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("--format csv") });
    },
    CLI_TIMEOUT,
  );
});

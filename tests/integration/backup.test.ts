import { execFile } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCommand } from "../../server/commands/command-socket.js";
import { BackupError, restoreBackup } from "../../server/db/backup.js";
import { openDatabase } from "../../server/db/database.js";
import { pendingMigrations } from "../../server/db/migrate.js";
import { startTestServer, type TestServer } from "../support/server.js";

const run = promisify(execFile);
/** Each command is a fresh Node process that compiles the CLI. */
const CLI_TIMEOUT = 90_000;

/** `npm run NAME -- ARGS` with DATA_DIR, in a process of its own, as an operator runs it. */
const cli = (name: string, dataDir: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", `server/cli/${name}.ts`, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } });

const json = (body: unknown, client: string) => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": client },
  body: JSON.stringify(body),
});

// Decision 012: a backup of the embedded database taken by the running server while it takes
// writes, restored into an empty folder, holds everything accepted before it was asked for.
describe("backups of the embedded database", () => {
  let server: TestServer;
  let work: string;

  beforeAll(async () => {
    server = await startTestServer("pglite");
    work = await mkdtemp(path.join(tmpdir(), "crm-backup-"));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(
    "backs up under write load through the running server, restores into an empty folder, and finds every accepted contact request and user",
    async () => {
      const contacts: string[] = [];
      const users: string[] = [];
      let writing = true;
      let n = 0;
      // Four clients writing contact requests and sign-ups one after another until the backup is done.
      const writer = async (client: number) => {
        while (writing) {
          const i = n++;
          if (i % 4 === 3) {
            const email = `backup-user-${i}@example.com`;
            const res = await server.fetch(
              "/api/auth/sign-up/email",
              json({ name: `Backup User ${i}`, email, password: "a long password", legalConsent: true }, `10.9.0.${client}`),
            );
            if (res.status === 200) users.push(email);
          } else {
            const res = await server.fetch(
              "/api/send-contact",
              json({ name: `Backup ${i}`, email: `backup-${i}@example.com`, company: "Backup & Co" }, `10.9.1.${client}`),
            );
            if (res.status === 201) contacts.push((await res.json()).id);
          }
        }
      };
      const writers = [1, 2, 3, 4].map(writer);
      while (contacts.length < 20 || users.length < 3) await new Promise((r) => setTimeout(r, 20));

      // Everything accepted before the backup is asked for must be in it.
      const contactsBefore = [...contacts];
      const usersBefore = [...users];
      const file = path.join(work, "crm.tar.gz");
      const backup = await cli("backup", server.database.dataDir, file).finally(() => {
        writing = false;
      });
      await Promise.all(writers);
      expect(backup.stdout).toContain(`Backup written to ${file}`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // The server kept taking writes after the backup.
      expect(contacts.length).toBeGreaterThan(contactsBefore.length);

      const restoredDir = path.join(work, "restored");
      const restore = await cli("restore", restoredDir, file);
      expect(restore.stdout).toMatch(/^Restored .* \d+ users, \d+ contact requests/);

      const restored = await openDatabase({ dataDir: restoredDir });
      try {
        expect(await pendingMigrations(restored.db)).toEqual([]);
        const storedContacts = new Set((await restored.db.selectFrom("contact_request").select("id").execute()).map((r) => r.id));
        for (const id of contactsBefore) expect(storedContacts.has(id), id).toBe(true);
        const storedUsers = new Set((await restored.db.selectFrom("user").select("email").execute()).map((r) => r.email));
        for (const email of usersBefore) expect(storedUsers.has(email), email).toBe(true);
        // Nothing that was not accepted, and every request with both of its mails: one committed state.
        for (const id of storedContacts) expect(contacts.includes(id), id).toBe(true);
        const { rows } = await sql<{ mails: number }>`
          select count(o.id)::int as mails from contact_request c left join mail_outbox o on o.ref = c.id group by c.id`.execute(
          restored.db,
        );
        expect(rows.every((r) => r.mails === 2)).toBe(true);
      } finally {
        await restored.close();
      }
    },
    CLI_TIMEOUT * 2,
  );

  it("never overwrites a file, and never restores over a database", async () => {
    const taken = path.join(work, "taken.tar.gz");
    writeFileSync(taken, "not a backup");
    const answer = await sendCommand(server.database.dataDir, "backup", [taken]);
    expect(answer).toMatchObject({ exitCode: 1, stderr: `${taken} exists already: give the backup a new name.\n` });

    // The running server's folder, and any other folder with something in it, are refused.
    await expect(restoreBackup(taken, server.database.dataDir)).rejects.toThrow(/is not empty/);
    const other = path.join(work, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, "notes.txt"), "");
    await expect(restoreBackup(taken, other)).rejects.toThrow(BackupError);

    // A file that is not a backup leaves the empty folder as it was.
    const empty = path.join(work, "empty");
    await expect(restoreBackup(taken, empty)).rejects.toThrow(/is not a backup of the embedded database/);
    await expect(restoreBackup(taken, empty)).rejects.toThrow(/is not a backup of the embedded database/);
  });
});

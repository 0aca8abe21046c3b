import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export interface TestDatabase {
  kind: "pglite" | "postgres";
  /** DATABASE_URL for the server, undefined for the embedded database. */
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** The databases every integration suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** A fresh, empty database of the given kind, dropped again by `drop()`. */
export async function createTestDatabase(kind: "pglite" | "postgres"): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "crm-test-"));
  if (kind === "pglite") {
    return { kind, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `crm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

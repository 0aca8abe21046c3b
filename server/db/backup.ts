import { existsSync, openAsBlob, readdirSync, statSync } from "node:fs";
import { link, rename, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockDataFolder } from "./data-folder-lock.js";
import { EMBEDDED_EXTENSIONS } from "./database.js";

/**
 * Backups of the embedded database (decision 012): PGlite's archive of its cluster, taken by the
 * process that holds the data folder (`DatabaseHandle.dump`), written to a new file; and restoring
 * one into an empty data folder. PostgreSQL is backed up with its own tools (pg_dump).
 */

/** A backup or restore that cannot be done, with a message for the operator. */
export class BackupError extends Error {}

/**
 * Writes `archive` to `file`, which must not exist: to a file of its own first, then linked into
 * place, so an interrupted write never leaves something that looks like a backup, and a file of
 * the same name is never overwritten. Readable by the owner only: it holds password hashes.
 */
export async function writeBackup(archive: Blob, file: string): Promise<number> {
  const partial = `${file}.partial-${process.pid}`;
  const bytes = Buffer.from(await archive.arrayBuffer());
  try {
    await writeFile(partial, bytes, { mode: 0o600, flag: "wx" });
    await link(partial, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw new BackupError(`${file} exists already: give the backup a new name.`);
    throw new BackupError(`Cannot write ${file}: ${code ?? (error as Error).message}`);
  } finally {
    await unlink(partial).catch(() => {});
  }
  return bytes.length;
}

export interface Restored {
  users: number;
  contactRequests: number;
}

/**
 * Restores a backup into `dataDir`, which must be empty or absent: a backup never replaces a
 * database. The folder is locked meanwhile (a server started on it is refused), the cluster is
 * unpacked beside its final place and opened once to check it, then renamed into place.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<Restored> {
  let archive: Blob;
  try {
    archive = await openAsBlob(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const dir = path.resolve(dataDir);
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) {
    throw new BackupError(`DATA_DIR ${dir} is not empty: restore into an empty or new folder (a backup never replaces a database).`);
  }
  const lock = lockDataFolder(dir);
  const staging = path.join(dir, `pglite.restoring-${process.pid}`);
  try {
    let restored: Restored;
    const pglite = await PGlite.create(staging, { extensions: EMBEDDED_EXTENSIONS, loadDataDir: archive }).catch((error: Error) => {
      throw new BackupError(`${file} is not a backup of the embedded database (${error.message}).`);
    });
    try {
      const count = async (table: string) =>
        Number((await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n);
      restored = { users: await count('"user"'), contactRequests: await count("contact_request") };
    } catch (error) {
      throw new BackupError(`${file} holds a database, but not this product's (${(error as Error).message}).`);
    } finally {
      await pglite.close();
    }
    await rename(staging, path.join(dir, "pglite"));
    return restored;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * One process per embedded data folder (docs/decisions/009). PGlite keeps the database in the
 * memory of the process that opened it and writes it back to the folder; a second process on the
 * same folder works on its own copy, and whichever writes last wins, losing the other's changes
 * without an error. A lock file in the folder names the process that holds it.
 */
export const LOCK_FILE = "pglite.lock";

export class DataFolderBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dataDir} is open in process ${pid}`);
    this.name = "DataFolderBusyError";
  }
}

export interface DataFolderLock {
  /** Removes the lock file, if it is still this holder's. */
  release(): void;
}

/** Folders this process holds: a second open in the same process is refused as well. */
const held = new Map<string, string>();

function alive(pid: number): boolean {
  if (pid === process.pid) return false; // a lock with our own number that we do not hold: left by an earlier process (pid reuse after a restart)
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // exists, belongs to someone else
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Takes the data folder for this process, or throws DataFolderBusyError naming the live process
 * that holds it. A lock left by a process that no longer runs (a crash, a kill -9) is taken over.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (held.has(file)) throw new DataFolderBusyError(dir, process.pid);
  mkdirSync(dir, { recursive: true });
  const content = `${process.pid}\n`;
  // The content is written to a file of our own first and linked into place, which fails when a
  // lock exists: a reader never sees an empty lock file.
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, content, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      }
      const pid = holderOf(file);
      if (pid === undefined) continue; // released meanwhile
      if (pid && alive(pid)) throw new DataFolderBusyError(dir, pid);
      // Stale: moved aside under a name of our own, so that two processes taking it over at once
      // cannot remove each other's fresh lock; what we moved is checked to be the stale one.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      const moved = holderOf(aside);
      if (moved && moved !== pid && alive(moved)) {
        // Another process took the folder between our read and the move: give its lock back.
        try {
          linkSync(aside, file);
        } finally {
          unlinkSync(aside);
        }
        throw new DataFolderBusyError(dir, moved);
      }
      unlinkSync(aside);
    }
  } finally {
    unlinkSync(mine);
  }
  held.set(file, content);
  const release = () => {
    if (held.get(file) !== content) return;
    held.delete(file);
    process.off("exit", release);
    try {
      if (readFileSync(file, "utf8") === content) unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
  // A process that ends without closing the database (an uncaught error) leaves no lock behind.
  process.on("exit", release);
  return { release };
}

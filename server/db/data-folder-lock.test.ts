import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataFolderBusyError, LOCK_FILE, lockDataFolder } from "./data-folder-lock.js";

describe("the data folder lock", () => {
  let dir: string;
  const lockFile = () => path.join(dir, LOCK_FILE);
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "crm-lock-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("names this process while held, refuses a second holder in the same process, and is gone after release", () => {
    const lock = lockDataFolder(dir);
    expect(readFileSync(lockFile(), "utf8")).toBe(`${process.pid}\n`);
    expect(() => lockDataFolder(dir)).toThrow(DataFolderBusyError);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataFolder(dir).release();
    // Nothing but the lock was ever written beside the database.
    expect(existsSync(lockFile())).toBe(false);
  });

  it("refuses a folder held by another running process and names it", () => {
    writeFileSync(lockFile(), `${process.ppid}\n`);
    expect(() => lockDataFolder(dir)).toThrow(expect.objectContaining({ name: "DataFolderBusyError", pid: process.ppid }));
    expect(readFileSync(lockFile(), "utf8")).toBe(`${process.ppid}\n`);
  });

  it("takes over a lock whose process has ended, one with its own number it does not hold, and an unreadable one", () => {
    const ended = spawnSync(process.execPath, ["-e", ""]).pid as number;
    for (const content of [`${ended}\n`, `${process.pid}\n`, "garbage"]) {
      writeFileSync(lockFile(), content);
      const lock = lockDataFolder(dir);
      expect(readFileSync(lockFile(), "utf8")).toBe(`${process.pid}\n`);
      lock.release();
    }
  });

  it("leaves a lock that another holder wrote after ours alone on release", () => {
    const lock = lockDataFolder(dir);
    writeFileSync(lockFile(), `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(lockFile(), "utf8")).toBe(`${process.ppid}\n`);
  });
});

import { existsSync, readdirSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ROOT } from "../paths.js";

/**
 * A new embedded database starts as a copy of a cluster the build created and migrated
 * (`build/node/pglite-template`) instead of running initdb, which takes
 * seconds and several hundred MB of memory. Decision 130.
 */
export const TEMPLATE_DIR = path.join(ROOT, "build/node/pglite-template");

/**
 * Copies the build's cluster into `dir` when `dir` holds no cluster yet and the build has one.
 * The copy goes to a sibling folder first and is renamed into place, so an interrupted copy never
 * leaves a half cluster that would be opened later. Returns whether it copied.
 */
export async function seedFromTemplate(dir: string, template = TEMPLATE_DIR): Promise<boolean> {
  if (existsSync(path.join(dir, "PG_VERSION")) || !existsSync(path.join(template, "PG_VERSION"))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false; // someone else's files: leave them to PGlite
  const staging = `${dir}.new-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  await copyTree(template, staging);
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
  return true;
}

/**
 * Copies a folder (about a thousand small files) in a worker thread, so the copy goes on while the
 * main thread loads the server's modules instead of waiting for turns between them.
 */
function copyTree(from: string, to: string): Promise<void> {
  const code = `require("node:fs").cpSync(require("node:worker_threads").workerData.from, require("node:worker_threads").workerData.to, { recursive: true });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { from, to } });
    worker.once("error", reject);
    worker.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Copying the database template ended with ${code}`))));
  });
}

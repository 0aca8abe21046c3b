import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * A new embedded database starts as a copy of a cluster the build created and migrated
 * (`build/node/pglite-template`, beside the server bundle) instead of running initdb, which takes
 * seconds and several hundred MB of memory. Decision 130.
 */
export const TEMPLATE_DIR = path.join(import.meta.dirname, "pglite-template");

/**
 * Copies the build's cluster into `dir` when `dir` holds no cluster yet and the build has one.
 * The copy goes to a sibling folder first and is renamed into place, so an interrupted copy never
 * leaves a half cluster that would be opened later. Returns whether it copied.
 */
export function seedFromTemplate(dir: string, template = TEMPLATE_DIR): boolean {
  if (existsSync(path.join(dir, "PG_VERSION")) || !existsSync(path.join(template, "PG_VERSION"))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false; // someone else's files: leave them to PGlite
  const staging = `${dir}.new-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  cpSync(template, staging, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return true;
}

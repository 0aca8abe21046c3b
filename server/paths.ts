import { existsSync } from "node:fs";
import path from "node:path";

/** The project folder, found from this module whether it runs from source or from the bundle. */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot(import.meta.dirname);
export const CLIENT_BUILD_DIR = path.join(ROOT, "build/client");
export const LOCALES_DIR = path.join(ROOT, "locales");
/** Pages and catalogs compressed by the build, named by content (decision 135). */
export const COMPRESSED_STORE = path.join(ROOT, "build/node/compressed");

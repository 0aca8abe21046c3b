// Whether build/ is older than anything it is made from: `npm start` and `npm test` build only then.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "core", "server", "locales", "public"];
const SOURCE_FILES = [
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build-server.mjs",
  "scripts/finish-build.mjs",
];
/** Written last by the build (scripts/build-server.mjs), so a build stopped half-way is not current. */
export const BUILD_STAMP = path.join(root, "build/node/build-complete");

function newestSource() {
  let newest = 0;
  for (const dir of SOURCE_DIRS) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  for (const file of SOURCE_FILES) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
}

export function buildIsCurrent() {
  return (
    existsSync(BUILD_STAMP) && existsSync(path.join(root, "build/client/index.html")) && statSync(BUILD_STAMP).mtimeMs >= newestSource()
  );
}

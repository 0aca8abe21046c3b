// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build/node/main.js");

function newestSource() {
  let newest = 0;
  for (const dir of ["app", "server", "locales", "public"]) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  for (const file of ["package-lock.json", "vite.config.ts", "react-router.config.ts"]) {
    newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  }
  return newest;
}

const needsBuild =
  !existsSync(stamp) || !existsSync(path.join(root, "build/client/index.html")) || statSync(stamp).mtimeMs < newestSource();
if (needsBuild) {
  console.log("Building the site…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(stamp);

// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildIsCurrent } from "./build-state.mjs";

const root = path.resolve(import.meta.dirname, "..");

if (!buildIsCurrent()) {
  console.log("Building the site…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(path.join(root, "build/node/main.js"));

// Makes sure a Chromium exists for the end-to-end tests without letting any tool download one.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
if (candidates.some((c) => existsSync(c))) process.exit(0);

let playwrightOwn;
try {
  const { chromium } = await import("@playwright/test");
  playwrightOwn = chromium.executablePath();
} catch {}
if (playwrightOwn && existsSync(playwrightOwn)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (isRoot && hasApt) {
  console.log("Installing Debian's chromium for the end-to-end tests…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  process.exit(0);
}
console.error(
  "No Chromium found for the end-to-end tests. Install one, for example:\n  sudo apt-get install -y chromium\nor set CHROME_PATH to a Chrome or Chromium binary.",
);
process.exit(1);

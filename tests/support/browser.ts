import { existsSync } from "node:fs";

/**
 * The Chromium to drive: CHROME_PATH, else Debian's /usr/bin/chromium, else Playwright's own
 * build when one is installed. Undefined when none exists.
 */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return undefined;
}

/** Flags for a headless Chromium that never reaches out to the network on its own. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * A full-page screenshot for people to look at, named by what it shows and the viewport's width. It
 * is taken only when E2E_SCREENSHOTS names a folder (`E2E_SCREENSHOTS=/tmp/shots npm run test:e2e`):
 * the tests check behaviour; pictures are for reviewing a screen.
 */
export async function snapshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: options.fullPage ?? true });
}

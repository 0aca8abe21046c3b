import type { Page } from "@playwright/test";
import { createTeamApi, createUser, openDashboard, setSubscription, signInBrowser } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { withStoredConsent } from "./site-helpers";
import { snapshot } from "./snapshot";

const LANGS = ["en", "de"] as const;

/** Header links and buttons whose visible text runs over more than one line, or that end beyond the window. */
function headerFaults(page: Page) {
  return page.evaluate(() => {
    const faults: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("header a, header button")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.right > window.innerWidth) faults.push(`${el.textContent?.trim()} ends at ${Math.round(box.right)} px`);
      // Line tops of the visible text; screen-reader-only text is clipped to 1 px and skipped.
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || (node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0 && !tops.some((t) => Math.abs(t - r.top) < 4)) tops.push(r.top);
      }
      if (tops.length > 1) faults.push(`${el.textContent?.trim()} wraps onto ${tops.length} lines`);
    }
    return faults;
  });
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe("site header", () => {
  test.beforeEach(async ({ page }) => {
    await withStoredConsent(page);
  });

  for (const lang of LANGS) {
    test(`no item wraps or leaves the window at any width (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/terms`);
      for (const width of [320, 390, 768, 1024, 1080, 1199, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        await expect.poll(() => headerFaults(page), { message: `${lang} at ${width} px` }).toEqual([]);
        expect(await scrollsSideways(page), `${lang} at ${width} px`).toBe(false);
        // Every width offers the navigation: the full bar or the menu button.
        const menuButton = page.getByRole("button", { name: lang === "en" ? "Open menu" : "Menü öffnen" });
        const bar = page.getByRole("banner").getByRole("navigation", { name: lang === "en" ? "Main navigation" : "Hauptnavigation" });
        expect((await menuButton.isVisible()) !== (await bar.isVisible()), `${lang} at ${width} px`).toBe(true);
      }
    });
  }
});

test.describe("no sideways scrolling", () => {
  // Signs users up (password hashing) and visits many pages: generous on a busy machine.
  test.describe.configure({ timeout: 360_000 });

  const LONG_NAME = "Internationale Personalberatung für Ingenieurwesen, Informatik und Naturwissenschaften Nord-Ost GmbH";
  const LONG_WORD = "Talentschmiede".repeat(7).slice(0, 100);

  test("every page fits the window at 320, 390 and 1024 px, with long team names", async ({ page, context }) => {
    expect(LONG_NAME).toHaveLength(100);
    const admin = await createUser("Maximiliane Leutheusser-Schnarrenberger");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    await createTeamApi(admin, LONG_WORD);
    await createTeamApi(admin, LONG_NAME);
    const team = await createTeamApi(admin, "Talentschmiede Süd & Söhne 🚀");
    await signInBrowser(context, admin);
    await withStoredConsent(page);

    // Each page is opened once and looked at in every width: the layout follows the window as it is resized.
    const fitsEveryWidth = async (where: string) => {
      for (const width of [320, 390, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await scrollsSideways(page), `${where} at ${width} px`).toBe(false);
      }
    };
    const pages = ["", "/privacy-policy", "/imprint", "/terms", "/sign-in", "/sign-up", "/forgot-password", "/no-such-page"];
    for (const lang of LANGS) {
      for (const path of pages) {
        await page.goto(`/${lang}${path}`);
        await fitsEveryWidth(`/${lang}${path}`);
      }
      await openDashboard(page, lang);
      await expect(page.getByText(LONG_NAME)).toBeVisible();
      await fitsEveryWidth(`/${lang}/dashboard`);
      await page.goto(`/${lang}/teams/${team.id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Talentschmiede Süd & Söhne 🚀" })).toBeVisible();
      await fitsEveryWidth(`/${lang}/teams`);
    }
  });

  test("long team names end in an ellipsis on a phone and keep their full text @phone", async ({ page, context }) => {
    const admin = await createUser("Long Names");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    await createTeamApi(admin, LONG_WORD);
    await createTeamApi(admin, LONG_NAME);
    await createTeamApi(admin, "Talentschmiede Süd & Söhne 🚀");
    await signInBrowser(context, admin);
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, "de");
    const yours = page.getByRole("region", { name: "Ihre Teams" });
    for (const name of [LONG_NAME, LONG_WORD]) {
      const label = yours.getByText(name, { exact: true });
      await expect(label).toHaveAttribute("title", name);
      expect(await label.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === "ellipsis")).toBe(true);
      await expect(yours.getByRole("button", { name: `${name} verwalten` })).toBeInViewport();
    }
    await expect(yours.getByRole("button", { name: "Neu erstellen" })).toBeInViewport({ ratio: 1 });
    expect(await scrollsSideways(page)).toBe(false);
    await snapshot(page, "dashboard-long-names-de");
  });

  for (const [path, title] of [
    ["/de/privacy-policy", "Datenschutzerklärung"],
    ["/de/terms", "Nutzungsbedingungen"],
  ] as const) {
    test(`the German title "${title}" stays inside a 320 px window`, async ({ page }) => {
      await withStoredConsent(page);
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto(path);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(title);
      expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).hyphens === "auto")).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
      await snapshot(page, `legal-title-${title}`);
    });
  }
});

test.describe("short pages", () => {
  for (const lang of LANGS) {
    test(`the 404 page's footer sits at the bottom of the window (${lang})`, async ({ page }) => {
      await withStoredConsent(page);
      for (const [width, height] of [
        [1280, 900],
        // The phone's footer is tall; a long window shows whether it still reaches the bottom.
        [390, 1400],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`/${lang}/no-such-page`);
        await expect(
          page.getByRole("heading", { level: 1, name: lang === "en" ? "Page not found" : "Seite nicht gefunden" }),
        ).toBeVisible();
        const footer = await page.getByRole("contentinfo").boundingBox();
        const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(pageHeight, `${lang} at ${width} px`).toBe(height);
        expect(Math.round((footer?.y ?? 0) + (footer?.height ?? 0)), `${lang} at ${width} px`).toBe(height);
        await snapshot(page, `not-found-${lang}`);
      }
    });
  }
});

import { axeViolations, expect, test } from "./fixtures";
import { withStoredConsent } from "./site-helpers";
import { snapshot } from "./snapshot";

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test.describe("site header", () => {
  test("hides on scroll down and shows again on scroll up", async ({ page }) => {
    await page.goto("/en");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-state", "unfixed");
    // The back-to-top button shows once the page's scroll handling is live.
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(header).toHaveAttribute("data-state", "unpinned");
    await expect(header).not.toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 897));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute("data-state", "unpinned");
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute("data-state", "pinned");
    await expect(header).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-state", "unfixed");
  });

  test("has the navigation pills, install, login, sign-up and language switcher", async ({ page }) => {
    await page.goto("/en/terms");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    for (const name of ["Home", "How it works", "Features", "Pricing", "FAQ", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const install = page.getByRole("banner").getByRole("link", { name: /Install plugin/ });
    await expect(install).toHaveAttribute("target", "_blank");
    await expect(install).toHaveAttribute("rel", /noopener/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/en/sign-in");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/en/sign-up");
    await expect(page.getByRole("banner").getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });

  test("is not shown on the sign-in, sign-up and dashboard pages", async ({ page }) => {
    for (const path of ["/en/sign-in", "/en/sign-up"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Cookie settings" })).toHaveCount(0);
    }
  });
});

test.describe("section anchors", () => {
  test("from another page go to the landing page and scroll to the section", async ({ page }) => {
    await page.goto("/de/terms");
    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/de#faq$/);
    await expect(page.getByRole("heading", { name: "Häufige Fragen" })).toBeInViewport();
  });

  test("on the landing page scroll smoothly to the section", async ({ page }) => {
    await page.goto("/en");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/en#pricing$/);
    await expect(page.getByRole("heading", { name: "Simple pricing for every desk" })).toBeInViewport();
  });

  test("a hash on another page redirects to the landing page section", async ({ page }) => {
    await page.goto("/en/imprint#contact");
    await expect(page).toHaveURL(/\/en#contact$/);
    await expect(page.getByRole("heading", { name: "Talk to us" })).toBeInViewport();
  });

  test("a link to another page starts at its top", async ({ page }) => {
    await page.goto("/en");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of service" }).click();
    await expect(page).toHaveURL(/\/en\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("back-to-top appears after 120 px and scrolls to the top", async ({ page }) => {
  await page.goto("/en");
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 100));
  await page.waitForTimeout(100);
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});

test("back-to-top steps aside while a button lies beneath it, such as the Enterprise card's, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/en");
  const sales = page.getByRole("link", { name: /^Talk to sales.*Enterprise/ });
  // The card's button scrolled to the bottom right corner, where the back-to-top button floats.
  await sales.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 24)));
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toHaveCSS("opacity", "0");
  const tapped = await sales.evaluate((el) => el.contains(document.elementFromPoint(window.innerWidth - 48, window.innerHeight - 40)));
  expect(tapped).toBe(true);
  // Scrolled on to text, it is back.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(button).toHaveCSS("opacity", "1");
});

for (const lang of ["en", "de"] as const) {
  test(`back-to-top covers no text or button at the end of a phone page and stands out on the footer (${lang}) @phone`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${lang}`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByRole("button", { name: lang === "en" ? "Back to top" : "Nach oben" });
    await expect(button).toBeInViewport({ ratio: 1 });
    const { covered, buttonColor, footerColor } = await button.evaluate((self) => {
      const box = self.getBoundingClientRect();
      const covered: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || self.contains(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width > 1 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top)
            covered.push(node.textContent.trim());
        }
      }
      for (const el of document.querySelectorAll("a, button, input")) {
        const r = el.getBoundingClientRect();
        if (el !== self && r.width > 1 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top)
          covered.push(el.outerHTML.slice(0, 60));
      }
      const footer = document.querySelector("footer");
      return {
        covered,
        buttonColor: getComputedStyle(self).backgroundColor,
        footerColor: footer ? getComputedStyle(footer).backgroundColor : "",
      };
    });
    expect(covered).toEqual([]);
    // On the dark footer the button must not blend in.
    expect(buttonColor).not.toBe(footerColor);
    await snapshot(page, `back-to-top-footer-${lang}`, { fullPage: false });
  });
}

test.describe("phone menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, traps focus, closes with Escape and on choosing a link", async ({ page }) => {
    await page.goto("/de");
    const toggle = page.getByRole("button", { name: "Menü öffnen" });
    await toggle.click();
    await expect(page.getByRole("button", { name: "Menü schließen" })).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#mobile-menu");
    // The panel covers the page below the header.
    expect((await menu.boundingBox())?.height).toBeGreaterThan(700);
    for (const name of [
      "Start",
      "So funktioniert’s",
      "Funktionen",
      "Preise",
      "FAQ",
      "Kontakt",
      "Datenschutzerklärung",
      "Impressum",
      "Nutzungsbedingungen",
      "Anmelden",
      "Registrieren",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: /Erweiterung installieren/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: "English", exact: true })).toBeVisible();
    // Tab cycles within the menu and its toggle.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest("#mobile-menu, [aria-controls='mobile-menu']")));
      expect(inside).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await toggle.click();
    await menu.getByRole("link", { name: "Nutzungsbedingungen" }).click();
    await expect(page).toHaveURL(/\/de\/terms$/);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Menü öffnen" })).toBeVisible();
  });

  test("switches the language and keeps the page", async ({ page }) => {
    await page.goto("/en/privacy-policy");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .locator("#mobile-menu")
      .getByRole("link", { name: /^(Deutsch|German)$/ })
      .click();
    await expect(page).toHaveURL(/\/de\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung");
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
  });
});

test.describe("accessibility", () => {
  for (const path of ["/en", "/de", "/en/privacy-policy", "/de/privacy-policy", "/en/imprint", "/de/imprint", "/en/terms", "/de/terms"]) {
    test(`${path} has no axe violations @phone`, async ({ page }) => {
      // As a first visitor sees the page: with the cookie banner.
      await page.addInitScript(() => window.localStorage.removeItem("cookieConsent"));
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: /We value your privacy|Ihre Privatsphäre ist uns wichtig/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the open phone menu has no axe violations", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/en");
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await axeViolations(page)).toEqual([]);
  });
});

import type { Locator, Page } from "@playwright/test";
import { createVerifiedAccount, test } from "./accounts-support";
import { expect } from "./fixtures";
import { withStoredConsent } from "./site-helpers";

/** The finishing touches of the public site, sign-up and dashboard (logo, header, scrolling, pricing, checkout). */

const texts = {
  en: {
    copyright: `© ${new Date().getFullYear()} Example Recruiting Software GmbH. All rights reserved.`,
    nav: "Main navigation",
    openMenu: "Open menu",
    logIn: "Sign in",
    signUp: "Sign up",
    faq: "Frequently asked questions",
    pricing: "Pricing",
    pricingTitle: "Simple pricing for every desk",
    tryPro: "Try Pro",
    confirmTrial: "Start 30-day trial",
    cancelCheckout: "Cancel and return",
    signOut: "Sign out",
    home: "Home",
    other: "de",
    otherName: "Deutsch",
    otherFaq: "Häufige Fragen",
    pro: "Pro",
    leave: "Leave sign-up?",
    stay: "Stay",
    leaveConfirm: "Leave",
  },
  de: {
    copyright: `© ${new Date().getFullYear()} Example Recruiting Software GmbH. Alle Rechte vorbehalten.`,
    nav: "Hauptnavigation",
    openMenu: "Menü öffnen",
    logIn: "Anmelden",
    signUp: "Registrieren",
    faq: "Häufige Fragen",
    pricing: "Preise",
    pricingTitle: "Einfache Preise für jedes Team",
    tryPro: "Pro testen",
    confirmTrial: "30-Tage-Testphase starten",
    cancelCheckout: "Abbrechen und zurück",
    signOut: "Abmelden",
    home: "Startseite",
    other: "en",
    otherName: "English",
    otherFaq: "Frequently asked questions",
    pro: "Pro",
    leave: "Registrierung verlassen?",
    stay: "Bleiben",
    leaveConfirm: "Verlassen",
  },
} as const;

type Lang = keyof typeof texts;
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1280;

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

/** The site header's links at this width: the bar on a desktop, the opened menu on a phone. */
async function headerLinks(page: Page, lang: Lang): Promise<Locator> {
  const header = page.getByRole("banner");
  if (!isPhone(page)) return header;
  const menu = page.locator("#mobile-menu");
  // Right after a client-side navigation the page may still be loading its catalogs and render
  // once more, closing a menu opened in between: open it again until it stays.
  await expect(async () => {
    if (!(await menu.isVisible())) await header.getByRole("button", { name: texts[lang].openMenu }).click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return menu;
}

/** Signs the page's browser in through the identity API, as the sign-up wizard does. */
async function signIn(page: Page, lang: Lang) {
  return createVerifiedAccount(page.request, { planType: "pro", teamName: "Polish Team", locale: lang });
}

/** The mark (drawing) of the logo inside `scope`. */
const logoMark = (scope: Locator) =>
  scope
    .getByRole("link", { name: /^Recruiting.CRM/ })
    .locator("svg")
    .evaluate((svg) => svg.outerHTML);

test("the header comes back on every scroll up, however far down the page @phone", async ({ page }) => {
  await page.goto("/en");
  const header = page.getByRole("banner");
  for (const [down, up] of [
    [900, 600],
    [3000, 2800],
    [5000, 4800],
    [7500, 7300],
  ] as const) {
    await page.evaluate((y) => window.scrollTo(0, y), down);
    await expect(header).toHaveAttribute("data-state", "unpinned");
    await page.evaluate((y) => window.scrollTo(0, y), up);
    await expect(header).toHaveAttribute("data-state", "pinned");
  }
});

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];

  test(`one logo and one copyright line on the site, the sign-in page and the account area (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}`);
    const siteLogo = await logoMark(page.getByRole("banner"));
    await expect(page.getByRole("contentinfo").getByText(x.copyright, { exact: true })).toBeVisible();
    expect(
      await page
        .getByRole("contentinfo")
        .locator("svg")
        .first()
        .evaluate((svg) => svg.outerHTML),
    ).toBe(siteLogo);

    await page.goto(`/${lang}/sign-in`);
    expect(await logoMark(page.locator("body"))).toBe(siteLogo);

    await signIn(page, lang);
    for (const path of ["/dashboard", "/account"]) {
      await page.goto(`/${lang}${path}`);
      await expect(page.getByRole("contentinfo").getByText(x.copyright, { exact: true })).toBeVisible();
      expect(await logoMark(page.getByRole("banner"))).toBe(siteLogo);
    }
    // The browser's icon is the same drawing.
    const favicon = await (await page.request.get("/favicon.svg")).text();
    expect(favicon).toContain('<circle cx="12" cy="12" r="4" fill="#fff"/>');
  });

  test(`a signed-in visitor sees Dashboard instead of Log in and Sign up in the site header (${lang}) @phone`, async ({ page }) => {
    await page.goto(`/${lang}`);
    let links = await headerLinks(page, lang);
    await expect(links.getByRole("link", { name: x.logIn, exact: true })).toBeVisible();
    await expect(links.getByRole("link", { name: x.signUp, exact: true })).toBeVisible();
    await expect(links.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    await signIn(page, lang);
    await page.goto(`/${lang}/terms`);
    links = await headerLinks(page, lang);
    await expect(links.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", `/${lang}/dashboard`);
    await expect(links.getByRole("link", { name: x.logIn, exact: true })).toHaveCount(0);
    await expect(links.getByRole("link", { name: x.signUp, exact: true })).toHaveCount(0);
    await links.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(`/${lang}/dashboard`);

    // Signing out happens without a page load; the next public page offers sign-in again.
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Ada Lovelace/ })
      .click();
    await page.getByRole("button", { name: x.signOut, exact: true }).click();
    await expect(page).toHaveURL(`/${lang}/sign-in`);
    await page.getByRole("link", { name: /Recruiting CRM/ }).click();
    await expect(page).toHaveURL(`/${lang}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    links = await headerLinks(page, lang);
    await expect(links.getByRole("link", { name: x.logIn, exact: true })).toBeVisible();
    await expect(links.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });

  test(`the header shows the signed-in choice before any script runs (${lang})`, async ({ page, browser }) => {
    await signIn(page, lang);
    // A browser that never runs the page's scripts: the first paint already has the right links.
    const noScripts = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    await noScripts.addCookies(await page.context().cookies());
    const bare = await noScripts.newPage();
    await bare.route("**/assets/*.js", (route) => route.abort());
    await bare.goto(`/${lang}`);
    const header = bare.getByRole("banner");
    await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(header.getByRole("link", { name: x.logIn, exact: true })).toHaveCount(0);
    await noScripts.close();
  });

  test(`the language switch keeps the reader's place on a long page (${lang}) @phone`, async ({ page }) => {
    await page.goto(`/${lang}`);
    await page.getByRole("heading", { name: x.faq }).evaluate((h) => h.scrollIntoView({ block: "center" }));
    // The header reads one scroll position per frame: it has gone away before the reader scrolls back.
    await expect(page.getByRole("banner")).toHaveAttribute("data-state", "unpinned");
    // Scrolling up a little brings the header back, as a reader would.
    await page.evaluate(() => window.scrollBy(0, -100));
    await expect(page.getByRole("banner")).toHaveAttribute("data-state", "pinned");
    const links = await headerLinks(page, lang);
    await links.getByRole("link", { name: x.otherName }).click();
    await expect(page).toHaveURL(`/${x.other}`);
    await expect(page.getByRole("heading", { name: x.otherFaq })).toBeInViewport();
  });

  test(`a section link on another page lands on the section without scrolling through the page (${lang}) @phone`, async ({ page }) => {
    await page.goto(`/${lang}/privacy-policy`);
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      window.addEventListener("scroll", () => seen.push(window.scrollY));
    });
    const links = await headerLinks(page, lang);
    const nav = isPhone(page) ? links : links.getByRole("navigation", { name: x.nav });
    await nav.getByRole("link", { name: x.pricing, exact: true }).click();
    await expect(page).toHaveURL(`/${lang}#pricing`);
    await expect(page.getByRole("heading", { name: x.pricingTitle })).toBeInViewport();
    const { seen, top, height } = await page.evaluate(() => ({
      seen: (window as unknown as { seen: number[] }).seen,
      top: (document.getElementById("pricing") as HTMLElement).getBoundingClientRect().top + window.scrollY,
      height: window.innerHeight,
    }));
    // No stop on the way: every position the page passed is within a window of the section.
    expect(seen.filter((y) => y > 0 && y < top - height)).toEqual([]);
  });

  for (const width of [1280, 1440]) {
    test(`prices, features and buttons line up across the pricing cards at ${width} px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lang}`);
      const cards = page
        .locator("section#pricing")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 3 }) });
      await expect(cards).toHaveCount(4);
      const tops = async (part: (card: Locator) => Locator) =>
        Promise.all((await cards.all()).map(async (card) => Math.round((await part(card).boundingBox())?.y ?? -1)));
      const same = (values: number[]) => expect(new Set(values).size, `tops ${values.join(", ")}`).toBe(1);
      same(await tops((card) => card.getByText(/^(€\d+|\d+\s€|Custom|Individuell)$/)));
      same(await tops((card) => card.getByRole("list")));
      same(await tops((card) => card.getByRole("link")));
    });
  }

  test(`the local checkout's two buttons sit side by side at 1280 px (${lang})`, async ({ page }) => {
    await signIn(page, lang);
    await page.goto(`/${lang}/dashboard`);
    await page.getByRole("button", { name: x.tryPro }).click();
    await expect(page).toHaveURL(/\/local-payments\/checkout/);
    const confirm = await page.getByRole("button", { name: x.confirmTrial }).boundingBox();
    const cancel = await page.getByRole("link", { name: x.cancelCheckout }).boundingBox();
    // Side by side: the second starts to the right of the first, within the first's height.
    expect(cancel && confirm && cancel.x > confirm.x + confirm.width && cancel.y < confirm.y + confirm.height).toBe(true);
  });

  test(`the browser's Back from the first sign-up step asks before leaving (${lang}) @phone`, async ({ page }) => {
    await page.goto(`/${lang}/privacy-policy`);
    await page.goto(`/${lang}/sign-up`);
    await page.getByRole("radio", { name: new RegExp(`^${x.pro}`) }).check();
    await page.goBack();
    const dialog = page.getByRole("dialog", { name: x.leave });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: x.stay }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/${lang}/sign-up`);
    await expect(page.getByRole("radio", { name: new RegExp(`^${x.pro}`) })).toBeChecked();

    await page.goBack();
    await dialog.getByRole("button", { name: x.leaveConfirm, exact: true }).click();
    await expect(page).toHaveURL(`/${lang}/privacy-policy`);
    expect(await page.evaluate(() => sessionStorage.getItem("signUpWizard"))).toBeNull();
  });
}

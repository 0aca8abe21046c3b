import { axeViolations, expect, test } from "./fixtures";

const stored = (page: import("@playwright/test").Page) => page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "null"));

// Accepting analytics loads Google's script; the tests answer it locally instead of reaching the network.
test.beforeEach(async ({ page }) => {
  await page.route("https://www.googletagmanager.com/**", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
});

test.describe("cookie consent", () => {
  test("accept all stores every category and closes the banner", async ({ page }) => {
    await page.goto("/en");
    const banner = page.getByRole("region", { name: "We value your privacy" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Accept all" }).click();
    await expect(banner).toHaveCount(0);
    expect(await stored(page)).toEqual({ necessary: true, functional: true, analytics: true, marketing: true });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "We value your privacy" })).toHaveCount(0);
  });

  for (const [lang, title, reject, accept] of [
    ["en", "We value your privacy", "Reject all", "Accept all"],
    ["de", "Ihre Privatsphäre ist uns wichtig", "Alle ablehnen", "Alle akzeptieren"],
  ] as const) {
    test(`reject all is as prominent as accept all and stores only the necessary category (${lang})`, async ({ page }) => {
      const analyticsRequests: string[] = [];
      await page.route("https://www.googletagmanager.com/**", (route) => {
        analyticsRequests.push(route.request().url());
        return route.fulfill({ contentType: "text/javascript", body: "" });
      });
      await page.goto(`/${lang}`);
      const banner = page.getByRole("region", { name: title });
      const rejectButton = banner.getByRole("button", { name: reject });
      const acceptButton = banner.getByRole("button", { name: accept });
      const look = (el: HTMLElement) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          width: Math.round(box.width),
          height: Math.round(box.height),
          font: s.font,
          color: s.color,
          background: s.backgroundColor,
        };
      };
      const [rejectLook, acceptLook] = [await rejectButton.evaluate(look), await acceptButton.evaluate(look)];
      expect(rejectLook.height).toBe(acceptLook.height);
      expect(Math.abs(rejectLook.width - acceptLook.width)).toBeLessThanOrEqual(24);
      expect({ ...rejectLook, width: 0 }).toEqual({ ...acceptLook, width: 0 });
      expect(await axeViolations(page)).toEqual([]);
      await rejectButton.click();
      await expect(banner).toHaveCount(0);
      expect(await stored(page)).toEqual({ necessary: true, functional: false, analytics: false, marketing: false });
      await page.reload();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("region", { name: title })).toHaveCount(0);
      expect(analyticsRequests).toEqual([]);
    });

    test(`the banner's buttons are among the first Tab stops (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/imprint`);
      const banner = page.getByRole("region", { name: title });
      await expect(banner).toBeVisible();
      const reached: string[] = [];
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press("Tab");
        reached.push(await page.evaluate(() => (document.activeElement?.closest("section") ? document.activeElement.textContent : "")));
      }
      expect(reached).toEqual(expect.arrayContaining([reject, accept]));
      // Shown at the bottom of the window all the same.
      const box = await banner.boundingBox();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(page.viewportSize()?.height);
    });
  }

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the open menu lies above the banner until it is closed", async ({ page }) => {
      await page.goto("/de");
      const banner = page.getByRole("region", { name: "Ihre Privatsphäre ist uns wichtig" });
      await expect(banner).toBeVisible();
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      // The menu's last link, at the bottom of the screen, takes a click: nothing covers it.
      await page.locator("#mobile-menu").getByRole("link", { name: "Registrieren", exact: true }).click({ trial: true, timeout: 2000 });
      await page.keyboard.press("Escape");
      await banner.getByRole("button", { name: "Alle akzeptieren" }).click();
      await expect(banner).toHaveCount(0);
    });
  });

  test("the settings panel saves a choice per category with necessary locked on", async ({ page }) => {
    await page.goto("/de/terms");
    await page.getByRole("region", { name: "Ihre Privatsphäre ist uns wichtig" }).getByRole("button", { name: "Einstellungen" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Notwendig" })).toBeChecked();
    await expect(dialog.getByRole("switch", { name: "Notwendig" })).toBeDisabled();
    await expect(dialog.getByRole("switch", { name: "Statistik" })).not.toBeChecked();
    await dialog.getByRole("switch", { name: "Funktional" }).check();
    await dialog.getByRole("button", { name: "Einstellungen speichern" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await stored(page)).toEqual({ necessary: true, functional: true, analytics: false, marketing: false });
    await expect(page.getByRole("region", { name: "Ihre Privatsphäre ist uns wichtig" })).toHaveCount(0);
  });

  test("closing the panel without saving keeps the banner, and the footer reopens the panel", async ({ page }) => {
    await page.goto("/en");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie settings" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("region", { name: "We value your privacy" })).toBeVisible();
    expect(await stored(page)).toBeNull();

    await page.getByRole("button", { name: "Settings", exact: true }).click();
    // The panel's code loads on the first click: Escape closes the panel once it is there.
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("region", { name: "We value your privacy" })).toBeVisible();

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("switch", { name: "Marketing" }).check();
    await dialog.getByRole("button", { name: "Save settings" }).click();
    expect(await stored(page)).toEqual({ necessary: true, functional: false, analytics: false, marketing: true });
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await expect(dialog.getByRole("switch", { name: "Marketing" })).toBeChecked();
  });
});

test.describe("analytics consent", () => {
  test("loads the analytics script only after analytics consent, with the consent defaults first", async ({ page }) => {
    const analyticsRequests: string[] = [];
    await page.route("https://www.googletagmanager.com/**", (route) => {
      analyticsRequests.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "window.__gtagLoaded = true;" });
    });
    await page.goto("/en");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie settings" });
    await dialog.getByRole("switch", { name: "Marketing" }).check();
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await page.waitForTimeout(500);
    expect(analyticsRequests).toEqual([]);

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await dialog.getByRole("switch", { name: "Analytics" }).check();
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => analyticsRequests.length).toBe(1);
    expect(analyticsRequests[0]).toBe("https://www.googletagmanager.com/gtag/js?id=G-E2ETEST01");

    const commands = await page.evaluate(() => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)));
    expect(commands[0]).toEqual([
      "consent",
      "default",
      { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied", wait_for_update: 500 },
    ]);
    expect(commands.at(-3)?.slice(0, 2)).toEqual(["consent", "update"]);
    expect(commands.at(-3)?.[2]).toEqual({
      analytics_storage: "granted",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    });
    expect(commands.at(-1)).toEqual([
      "config",
      "G-E2ETEST01",
      { anonymize_ip: true, allow_google_signals: false, allow_ad_personalization_signals: false },
    ]);
  });

  test("a stored analytics consent loads the script on the next visit, a refusal never does", async ({ page }) => {
    const analyticsRequests: string[] = [];
    await page.route("https://www.googletagmanager.com/**", (route) => {
      analyticsRequests.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "" });
    });
    await page.addInitScript(() => {
      if (!localStorage.getItem("cookieConsent")) {
        localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false }));
      }
    });
    await page.goto("/en");
    await page.waitForLoadState("networkidle");
    expect(analyticsRequests).toEqual([]);
    await page.evaluate(() =>
      localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, functional: false, analytics: true, marketing: false })),
    );
    await page.goto("/de/terms");
    await expect.poll(() => analyticsRequests.length).toBe(1);
  });
});

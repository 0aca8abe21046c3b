import { axeViolations, expect, test } from "./fixtures";

test.describe("prerendered pages in the browser", () => {
  for (const [path, lang, heading] of [
    ["/en", "en", "LinkedIn to CRM integration for recruiters"],
    ["/de", "de", "LinkedIn-CRM-Integration für Recruiter"],
  ] as const) {
    test(`${path} hydrates in ${lang} without errors @phone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("/ goes to the visitor's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE", extraHTTPHeaders: { "accept-language": "de-DE,de;q=0.9" } });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/de$/);
    await context.close();
  });

  test("the language switcher keeps the page and remembers the choice", async ({ page, context }) => {
    await page.goto("/en/terms");
    await page.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/terms$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nutzungsbedingungen");
    await expect(page).toHaveTitle(/Nutzungsbedingungen/);
    await expect(page.getByRole("link", { name: "Deutsch" })).toHaveAttribute("aria-current", "true");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "lang")?.value).toBe("de");
    await page.goto("/");
    await expect(page).toHaveURL(/\/de$/);
  });

  test("an unknown page shows the 404 page in the page's language", async ({ page }) => {
    const res = await page.goto("/de/gibt-es-nicht");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    await page.getByRole("link", { name: "Zur Startseite" }).click();
    await expect(page).toHaveURL(/\/de$/);
  });
});

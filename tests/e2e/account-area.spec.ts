import { createUser, signInBrowser, snapshot } from "./dashboard-support";
import { axeViolations, expect, test } from "./fixtures";

const TEXTS = {
  en: { profile: "Profile", security: "Security", nav: "Account", back: "Back to the dashboard", other: "de", otherName: "Deutsch" },
  de: { profile: "Profil", security: "Sicherheit", nav: "Konto", back: "Zurück zum Dashboard", other: "en", otherName: "English" },
} as const;

test.describe("account area", () => {
  // Each test signs a user up (password hashing) and checks accessibility: generous on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  for (const lang of ["en", "de"] as const) {
    const x = TEXTS[lang];

    test(`a visitor is sent to sign-in from both account pages (${lang}) @phone`, async ({ page }) => {
      for (const path of ["account", "account/security"]) {
        await page.goto(`/${lang}/${path}`);
        await expect(page).toHaveURL(new RegExp(`/${lang}/sign-in$`));
      }
    });

    test(`the profile and security pages share a navigation, a way back and a language switch (${lang}) @phone`, async ({
      page,
      context,
    }) => {
      const user = await createUser("Nora Navigator");
      await signInBrowser(context, user);
      await page.goto(`/${lang}/account`);
      await expect(page.getByRole("heading", { level: 1, name: x.profile })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
      // No site header or footer of the public pages: the account header and footer only.
      await expect(page.getByRole("link", { name: x.back })).toBeVisible();
      const nav = page.getByRole("navigation", { name: x.nav, exact: true });
      await expect(nav.getByRole("link", { name: x.profile })).toHaveAttribute("aria-current", "page");
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `account-profile-shell-${lang}`);

      await nav.getByRole("link", { name: x.security }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/account/security$`));
      await expect(page.getByRole("heading", { level: 1, name: x.security })).toBeVisible();
      await expect(nav.getByRole("link", { name: x.security })).toHaveAttribute("aria-current", "page");
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole("link", { name: x.otherName }).click();
      await expect(page).toHaveURL(new RegExp(`/${x.other}/account/security$`));
      await page.goto(`/${lang}/account/security`);
      await page.getByRole("link", { name: x.back }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
    });
  }
});

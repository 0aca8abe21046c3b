import type { Page } from "@playwright/test";
import sharp from "sharp";
import { type ApiUser, createTeamApi, createUser, setSubscription, signInBrowser } from "./dashboard-support";
import { axeViolations, expect, test } from "./fixtures";
import { textLines } from "./layout-checks";
import { snapshot } from "./snapshot";

const TEXTS = {
  en: { profile: "Profile", security: "Security", nav: "Account", back: "Back to the dashboard", other: "de", otherName: "Deutsch" },
  de: { profile: "Profil", security: "Sicherheit", nav: "Konto", back: "Zurück zum Dashboard", other: "en", otherName: "English" },
} as const;

test.describe("account area", () => {
  // Each test signs a user up (password hashing) and checks accessibility: generous on a busy machine.
  test.describe.configure({ timeout: 240_000 });

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
      await expect(page.getByRole("heading", { level: 1, name: x.profile })).toBeVisible({ timeout: 60_000 });
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

const FLOW = {
  en: {
    identifier: "E-mail or username",
    password: "Password",
    signIn: "Sign in",
    first: "First name",
    last: "Last name",
    username: "Username",
    save: "Save",
    saved: "Your profile has been saved.",
    upload: "Upload image",
    imageAlt: "Your profile image",
    remove: "Remove image",
    devices: "Active devices",
    thisDevice: "This device",
    deviceSignOut: "Sign out",
    signOutOthers: "Sign out of all other devices",
    none: "You are not signed in anywhere else.",
  },
  de: {
    identifier: "E-Mail oder Benutzername",
    password: "Passwort",
    signIn: "Anmelden",
    first: "Vorname",
    last: "Nachname",
    username: "Benutzername",
    save: "Speichern",
    saved: "Ihr Profil wurde gespeichert.",
    upload: "Bild hochladen",
    imageAlt: "Ihr Profilbild",
    remove: "Bild entfernen",
    devices: "Aktive Geräte",
    thisDevice: "Dieses Gerät",
    deviceSignOut: "Abmelden",
    signOutOthers: "Von allen anderen Geräten abmelden",
    none: "Sie sind nirgendwo sonst angemeldet.",
  },
} as const;

/** Signs in through the sign-in form, as a person would (the browser then holds its own session). */
async function signInWithForm(page: Page, lang: "en" | "de", user: ApiUser, path = `/${lang}/sign-in`) {
  const x = FLOW[lang];
  await page.goto(path);
  await page.getByLabel(x.identifier).fill(user.email);
  await page.getByLabel(x.password, { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: x.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard`));
}

for (const lang of ["en", "de"] as const) {
  const x = FLOW[lang];

  test.describe(`account features (${lang})`, () => {
    test.describe.configure({ timeout: 360_000 });

    test(`edits the profile and uploads a profile image (${lang}) @phone`, async ({ page, context }) => {
      const user = await createUser("Paula Profile");
      await signInBrowser(context, user);
      await page.goto(`/${lang}/account`);
      await page.getByLabel(x.first).fill("");
      await page.getByRole("button", { name: x.save }).click();
      await expect(page.getByLabel(x.first)).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel(x.first).fill("  Paulina ");
      await page.getByLabel(x.last).fill("Profilova");
      await page.getByLabel(x.username).fill("paula.p");
      await page.getByRole("button", { name: x.save }).click();
      await expect(page.getByLabel(x.username)).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel(x.username).fill(`Paula_${lang}_${user.id.slice(0, 6)}`);
      await page.getByRole("button", { name: x.save }).click();
      await expect(page.getByText(x.saved)).toBeVisible();
      await expect(page.getByRole("button", { name: "Paulina Profilova" })).toBeVisible();

      const picture = await sharp({ create: { width: 80, height: 48, channels: 3, background: "#1d4ed8" } })
        .png()
        .toBuffer();
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: x.upload }).click();
      await (await chooser).setFiles({ name: "portrait.png", mimeType: "image/png", buffer: picture });
      await expect(page.getByRole("img", { name: x.imageAlt })).toHaveAttribute("src", /^\/api\/images\/[0-9a-f]{64}\.webp$/);
      await expect(page.getByRole("button", { name: "Paulina Profilova" }).locator("img")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `account-profile-${lang}`);
      await page.getByRole("button", { name: x.remove }).click();
      await expect(page.getByRole("img", { name: x.imageAlt })).toHaveCount(0);
    });

    test(`lists the active devices and signs them out (${lang}) @phone`, async ({ page }) => {
      // Creating the user signs it in twice through the API: two other devices.
      const user = await createUser("Dora Devices");
      await signInWithForm(page, lang, user);
      await page.goto(`/${lang}/account/security`);
      const section = page.getByRole("region", { name: x.devices });
      const items = section.getByRole("listitem");
      await expect(items).toHaveCount(3);
      await expect(items.first()).toContainText(x.thisDevice);
      await expect(items.first()).toContainText(/Chrome/);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `account-security-${lang}`);

      await items.nth(1).getByRole("button", { name: x.deviceSignOut }).click();
      await expect(items).toHaveCount(2);
      await section.getByRole("button", { name: x.signOutOthers }).click();
      await expect(items).toHaveCount(1);
      await expect(section.getByText(x.none)).toBeVisible();
    });
  });
}

test("every signed-in page starts with a skip link that moves the focus to its content", async ({ page, context }) => {
  const user = await createUser("Sina Skip");
  await setSubscription(user, { status: "active", periodDays: 30 });
  const team = await createTeamApi(user, "Skip Search");
  await signInBrowser(context, user);
  for (const [path, heading] of [
    ["/en/dashboard", /Welcome/],
    ["/en/teams", "Teams"],
    [`/en/teams/${team.id}`, "Skip Search"],
    [`/en/teams/${team.id}/members`, "Skip Search"],
    ["/en/account", "Profile"],
    ["/en/account/security", "Security"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  }
});

test("a long e-mail address is shown whole, on lines that break after its @ or a dot, in the profile and the user menu @phone", async ({
  page,
  context,
}) => {
  const email = `maximiliane.leutheusser.${Date.now().toString(36)}@personalberatung.nordost.example.com`;
  const user = await createUser("Maxi Long", { email });
  await signInBrowser(context, user);
  await page.goto("/en/account");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible({ timeout: 60_000 });
  const shown = page.getByRole("main").getByText(email, { exact: true });
  await expect(shown.first()).toBeVisible();
  for (let i = 0; i < (await shown.count()); i++) {
    const lines = await shown.nth(i).evaluate(textLines);
    expect(lines.split).toEqual([]);
    expect(lines.overflows).toBe(false);
  }
  await snapshot(page, "profile-long-address");

  // The menu is narrower than the address at every width: it wraps, never cut off.
  await page.getByRole("banner").getByRole("button", { name: "Maxi Long" }).click();
  const inMenu = page.getByRole("banner").getByText(email, { exact: true });
  await expect(inMenu).toBeVisible();
  const lines = await inMenu.evaluate(textLines);
  expect(lines.lines).toBeGreaterThan(1);
  expect(lines.split).toEqual([]);
  expect(lines.overflows).toBe(false);
  await snapshot(page, "user-menu-long-address");
});

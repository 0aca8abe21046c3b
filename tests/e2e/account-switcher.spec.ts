import type { Page } from "@playwright/test";
import { test } from "./accounts-support";
import { type ApiUser, apiPost, createUser, signInAgain, signInBrowserAsAccount, signInElsewhere } from "./dashboard-support";
import { axeViolations, expect } from "./fixtures";

const TEXT = {
  en: {
    profile: "Profile",
    addAccount: "Add account",
    notice: "You stay signed in as",
    identifier: "E-mail or username",
    password: "Password",
    signIn: "Sign in",
    others: "Other accounts",
    switchTo: (name: string) => `Switch to ${name}`,
    signOut: "Sign out",
    signOutAll: "Sign out of all accounts",
    exists: "You are already signed in.",
    failed: "That did not work. Please try again.",
    signInTitle: "Sign in",
  },
  de: {
    profile: "Profil",
    addAccount: "Konto hinzufügen",
    notice: "Sie bleiben als",
    identifier: "E-Mail oder Benutzername",
    password: "Passwort",
    signIn: "Anmelden",
    others: "Weitere Konten",
    switchTo: (name: string) => `Zu ${name} wechseln`,
    signOut: "Abmelden",
    signOutAll: "Von allen Konten abmelden",
    exists: "Sie sind bereits angemeldet.",
    failed: "Das hat nicht geklappt. Bitte versuchen Sie es erneut.",
    signInTitle: "Anmelden",
  },
} as const;

type Lang = keyof typeof TEXT;

/** Waits for what a password sign-in or a reload does on a busy machine (password hashing, a full page load). */
const SLOW = { timeout: 60_000 };

/** The account page, loaded for the account the browser has active. */
async function openAccount(page: Page, lang: Lang, user: ApiUser) {
  await page.goto(`/${lang}/account`);
  await expect(page.getByRole("heading", { level: 1, name: TEXT[lang].profile })).toBeVisible({ timeout: 60_000 });
  await expect(menuButton(page, user)).toBeVisible(SLOW);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

/**
 * Runs a menu action after which the page reloads for the account now active, and waits for the
 * new page: the old one already shows the new account's name once its session is read again.
 */
async function andReload(page: Page, action: () => Promise<void>) {
  const loaded = page.waitForEvent("load", SLOW);
  await action();
  await loaded;
}

const menuButton = (page: Page, user: ApiUser) => page.getByRole("button", { name: user.name, exact: true });

/** Opens the user menu of the active account and waits until it lists the other accounts of the browser. */
async function openMenu(page: Page, lang: Lang, active: ApiUser, others: ApiUser[]) {
  await menuButton(page, active).click();
  const list = page.getByRole("list", { name: TEXT[lang].others });
  if (others.length === 0) await expect(page.getByRole("button", { name: TEXT[lang].signOut, exact: true })).toBeVisible();
  else await expect(list.getByRole("button")).toHaveCount(others.length);
  for (const other of others) await expect(list.getByRole("button", { name: TEXT[lang].switchTo(other.name) })).toBeVisible();
}

/** "Add account": the sign-in page, where the account is signed in beside the active one. */
async function addAccount(page: Page, lang: Lang, active: ApiUser, added: ApiUser) {
  const x = TEXT[lang];
  await page.getByRole("link", { name: x.addAccount }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/sign-in\\?add=1$`));
  await expect(page.getByText(`${x.notice} ${active.email}`, { exact: false })).toBeVisible();
  await page.getByLabel(x.identifier).fill(added.email);
  await page.getByLabel(x.password, { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: x.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`), SLOW);
}

test.describe("account switcher", () => {
  // Two accounts are signed up (password hashing) and the page is checked for accessibility.
  test.describe.configure({ timeout: 360_000 });

  for (const lang of ["en", "de"] as const) {
    const x = TEXT[lang];

    test(`adds an account, switches between the two, signs out the current one and then all (${lang}) @phone`, async ({
      page,
      context,
    }) => {
      const [ada, ben] = await Promise.all([createUser("Ada Active"), createUser("Ben Beside")]);
      await signInBrowserAsAccount(context, ada);
      await openAccount(page, lang, ada);

      await menuButton(page, ada).click();
      await addAccount(page, lang, ada, ben);
      await openAccount(page, lang, ben);

      // Both accounts are signed in: the menu offers the other one. On a phone the open menu covers
      // the page's navigation, which axe counts as too small a target: there the page is checked closed.
      if (isPhone(page)) expect(await axeViolations(page)).toEqual([]);
      await openMenu(page, lang, ben, [ada]);
      if (!isPhone(page)) expect(await axeViolations(page)).toEqual([]);
      await andReload(page, () => page.getByRole("button", { name: x.switchTo(ada.name) }).click());
      await expect(menuButton(page, ada)).toBeVisible(SLOW);
      await expect(page.getByLabel(lang === "en" ? "First name" : "Vorname")).toHaveValue("Ada");

      // And back.
      await openMenu(page, lang, ada, [ben]);
      await andReload(page, () => page.getByRole("button", { name: x.switchTo(ben.name) }).click());
      await expect(menuButton(page, ben)).toBeVisible(SLOW);

      // Adding an account that is already signed in here is refused, not signed in twice.
      await openMenu(page, lang, ben, [ada]);
      await page.getByRole("link", { name: x.addAccount }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/sign-in\\?add=1$`));
      await page.getByLabel(x.identifier).fill(ada.email);
      await page.getByLabel(x.password, { exact: true }).fill("correct horse battery");
      await page.getByRole("button", { name: x.signIn, exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(x.exists, SLOW);
      expect(await axeViolations(page)).toEqual([]);

      // Signing out the current account makes the other one active.
      await openAccount(page, lang, ben);
      await openMenu(page, lang, ben, [ada]);
      await andReload(page, () => page.getByRole("button", { name: x.signOut, exact: true }).click());
      await expect(menuButton(page, ada)).toBeVisible(SLOW);
      await openMenu(page, lang, ada, []);
      await expect(page.getByRole("button", { name: x.signOutAll })).toHaveCount(0);

      // Two accounts again (added as above, here through the API). Ada signs out her other devices
      // elsewhere, this browser included, while the menu here still offers her: choosing her fails,
      // says so, and the menu no longer offers her.
      await signInBrowserAsAccount(context, await signInAgain(ben));
      await openAccount(page, lang, ben);
      await openMenu(page, lang, ben, [ada]);
      const elsewhere = { ...ada, cookie: await signInElsewhere(ada) };
      expect((await apiPost("/api/account/devices/sign-out-others", null, elsewhere)).status).toBe(200);
      await page.getByRole("button", { name: x.switchTo(ada.name) }).click();
      await expect(page.getByRole("alert")).toHaveText(x.failed, SLOW);
      // "Sign out" waits for the list read again.
      await expect(page.getByRole("button", { name: x.signOut, exact: true })).toBeEnabled();
      await expect(page.getByRole("list", { name: x.others })).toHaveCount(0);
      await expect(menuButton(page, ben)).toBeVisible();

      // Ada once more, then out of all accounts.
      await signInBrowserAsAccount(context, await signInAgain(ada));
      await openAccount(page, lang, ada);
      await openMenu(page, lang, ada, [ben]);
      await page.getByRole("button", { name: x.signOutAll }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/sign-in$`), SLOW);
      await expect(page.getByRole("heading", { level: 1, name: x.signInTitle })).toBeVisible();
      await page.goto(`/${lang}/account`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/sign-in$`));
    });
  }
});

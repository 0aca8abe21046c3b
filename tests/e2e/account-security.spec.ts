import type { Page } from "@playwright/test";
import { totpCodeFromKey } from "../support/totp";
import { PASSWORD, test } from "./accounts-support";
import { createUser, signInBrowser, signInElsewhere } from "./dashboard-support";
import { axeViolations, expect, interactiveNavigation, mailsTo } from "./fixtures";
import { snapshot } from "./snapshot";

/** Waits for what hashes a password or loads a whole page on a busy machine. */
const SLOW = { timeout: 60_000 };

/** Not on the list of common passwords. */
const NEW_PASSWORD = "Quiet lanterns over 7 harbours";

const TEXT = {
  en: {
    current: "Current password",
    next: "New password",
    repeat: "Repeat new password",
    signOutOthers: "Sign out of all other devices",
    change: "Change password",
    changed: "Your password has been changed.",
    setUp: "Set up two-step verification",
    title: "Two-step verification",
    continue: "Continue",
    code: "6-digit code",
    turnOn: "Turn on",
    codes: "Backup codes",
    done: "Done",
    on: "Two-step verification is on.",
    verify: "Verify",
    useBackup: "Use a backup code",
    backup: "Backup code",
    confirm: 'Type "Delete account" to confirm',
    profileTitle: "Profile",
    passwordTitle: "Password",
    qr: "QR code for your authenticator app",
    scanTitle: "Connect your authenticator app",
    codesTitle: "Save your backup codes",
    key: "Setup key",
    download: "Download as text file",
    identifier: "E-mail or username",
    password: "Password",
    signIn: "Sign in",
    codeIncorrect: "The code is incorrect. Please try again.",
    phrase: "Delete account",
    deleted: "Your account has been deleted",
    delete: "Delete account",
  },
  de: {
    current: "Aktuelles Passwort",
    next: "Neues Passwort",
    repeat: "Neues Passwort wiederholen",
    signOutOthers: "Von allen anderen Geräten abmelden",
    change: "Passwort ändern",
    changed: "Ihr Passwort wurde geändert.",
    setUp: "Bestätigung in zwei Schritten einrichten",
    title: "Bestätigung in zwei Schritten",
    continue: "Weiter",
    code: "6-stelliger Code",
    turnOn: "Aktivieren",
    codes: "Backup-Codes",
    done: "Fertig",
    on: "Die Bestätigung in zwei Schritten ist aktiviert.",
    verify: "Bestätigen",
    useBackup: "Backup-Code verwenden",
    backup: "Backup-Code",
    confirm: "Geben Sie „Konto löschen“ zur Bestätigung ein",
    profileTitle: "Profil",
    passwordTitle: "Passwort",
    qr: "QR-Code für Ihre Authenticator-App",
    scanTitle: "Authenticator-App verbinden",
    codesTitle: "Backup-Codes sichern",
    key: "Einrichtungsschlüssel",
    download: "Als Textdatei herunterladen",
    identifier: "E-Mail oder Benutzername",
    password: "Passwort",
    signIn: "Anmelden",
    codeIncorrect: "Der Code ist falsch. Bitte versuchen Sie es erneut.",
    phrase: "Konto löschen",
    deleted: "Ihr Konto wurde gelöscht",
    delete: "Konto löschen",
  },
} as const;

for (const lang of ["en", "de"] as const) {
  const x = TEXT[lang];

  test(`deleting the account after typing the phrase signs the browser out (${lang}) @phone`, async ({ page }) => {
    const user = await createUser("Dana Delete");
    await signInBrowser(page.context(), user);
    await page.goto(`/${lang}/account/security`);
    await page.getByLabel(x.confirm).fill(x.phrase);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: x.delete, exact: true }).last().click();
    // A page says it is done, and a goodbye mail follows in the account's language (docs/decisions/149):
    // the account was made in English (its code came in English), so the goodbye is English from /de/ too.
    await expect(page).toHaveURL(new RegExp(`/${lang}/account-deleted$`));
    await expect(page.getByRole("heading", { level: 1, name: x.deleted })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `account-deleted-${lang}`);
    await expect
      .poll(async () => (await mailsTo(user.email)).map((m) => m.subject), { timeout: 30_000 })
      .toContain("Your Recruiting CRM account has been deleted");
    await page.goto(`/${lang}/account/security`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/sign-in`));
  });
}

for (const lang of ["en", "de"] as const) {
  const x = TEXT[lang];

  test.describe(`password and two-step verification (${lang})`, () => {
    // Users are signed up and signed in several times (password hashing), and pages are checked with axe.
    test.describe.configure({ timeout: 360_000 });

    test(`changing the password with "sign out of all other devices" signs the other browser out (${lang}) @phone`, async ({
      page,
      browser,
    }) => {
      const user = await createUser("Petra Password");
      await signInBrowser(page.context(), user);
      // The same user in a second browser.
      const elsewhere = await browser.newContext();
      await signInBrowser(elsewhere, { cookie: await signInElsewhere(user) });
      const other = interactiveNavigation(await elsewhere.newPage());
      await other.goto(`/${lang}/account`);
      await expect(other.getByRole("heading", { level: 1, name: x.profileTitle })).toBeVisible({ timeout: 60_000 });

      await page.goto(`/${lang}/account/security`);
      const section = page.getByRole("region", { name: x.passwordTitle });
      await section.getByLabel(x.current).fill(PASSWORD);
      await section.getByLabel(x.next, { exact: true }).fill(NEW_PASSWORD);
      await section.getByLabel(x.repeat).fill(NEW_PASSWORD);
      await expect(section.getByRole("checkbox", { name: x.signOutOthers })).toBeChecked();
      await section.getByRole("button", { name: x.change }).click();
      await expect(section.getByRole("status")).toHaveText(x.changed, SLOW);
      expect(await axeViolations(page)).toEqual([]);
      // The notice goes once the next action starts.
      await section.getByLabel(x.current).fill("a");
      await expect(section.getByText(x.changed)).toHaveCount(0);

      // The other browser's next page load finds no session.
      await other.goto(`/${lang}/account`);
      await expect(other).toHaveURL(new RegExp(`/${lang}/sign-in$`), SLOW);
      await elsewhere.close();
      // This browser stays signed in.
      await page.reload();
      await expect(page.getByRole("region", { name: x.passwordTitle })).toBeVisible({ timeout: 60_000 });
    });

    test(`sets up an authenticator app, then signs in with a code and with a backup code (${lang}) @phone`, async ({ page, context }) => {
      const user = await createUser("Toni Totp");
      await signInBrowser(context, user);
      await page.goto(`/${lang}/account/security`);
      const section = page.getByRole("region", { name: x.title });
      // Each step of the set-up puts the focus on what comes next: the password, the scan, the backup codes, the new state.
      await section.getByRole("button", { name: x.setUp }).click();
      await expect(section.getByLabel(x.current)).toBeFocused();
      await page.keyboard.type(PASSWORD);
      await section.getByRole("button", { name: x.continue }).click();

      // The QR code and the key to type in by hand; the test is the authenticator app.
      await expect(section.getByRole("img", { name: x.qr })).toBeVisible(SLOW);
      await expect(section.getByRole("heading", { name: x.scanTitle })).toBeFocused();
      const key = await section.getByLabel(x.key).inputValue();
      expect(key.replaceAll(" ", "")).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `account-two-step-scan-${lang}`);
      // A wrong code is refused; the app's code turns it on.
      await section.getByLabel(x.code).fill(totpCodeFromKey(key) === "000000" ? "111111" : "000000");
      await section.getByRole("button", { name: x.turnOn }).click();
      await expect(section.getByRole("alert")).toHaveText(x.codeIncorrect, SLOW);
      await section.getByLabel(x.code).fill(totpCodeFromKey(key));
      await section.getByRole("button", { name: x.turnOn }).click();

      const list = section.getByRole("list", { name: x.codes });
      await expect(list.getByRole("listitem")).toHaveCount(10, SLOW);
      await expect(section.getByRole("heading", { name: x.codesTitle })).toBeFocused();
      const codes = await list.getByRole("listitem").allInnerTexts();
      await expect(section.getByRole("link", { name: x.download })).toHaveAttribute("download", /\.txt$/);
      expect(await axeViolations(page)).toEqual([]);
      await section.getByRole("button", { name: x.done }).click();
      await expect(section.getByText(x.on)).toBeVisible(SLOW);
      await expect(section.getByText(x.on)).toBeFocused();

      // A new sign-in asks for the authenticator's code after the password.
      await signInWithPassword(page, lang, user.email);
      await expect(page.getByRole("heading", { level: 1, name: x.title })).toBeVisible(SLOW);
      // The code is what the screen asks for: its field has the focus.
      await expect(page.getByLabel(x.code)).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `sign-in-second-step-${lang}`);
      await page.getByLabel(x.code).fill(totpCodeFromKey(key));
      await page.getByRole("button", { name: x.verify }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`), SLOW);

      // Or, without the phone, with a backup code: once.
      for (const attempt of ["first", "again"] as const) {
        await signInWithPassword(page, lang, user.email);
        await page.getByRole("button", { name: x.useBackup }).click(SLOW);
        await expect(page.getByLabel(x.backup)).toBeFocused();
        await page.getByLabel(x.backup).fill(codes[0] as string);
        await page.getByRole("button", { name: x.verify }).click();
        if (attempt === "first") await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`), SLOW);
        else await expect(page.getByRole("alert")).toHaveText(x.codeIncorrect, SLOW);
      }
    });
  });
}

/** A new sign-in in this browser (the page left first, so nothing it still loads meets the missing session), up to its second step. */
async function signInWithPassword(page: Page, lang: "en" | "de", email: string) {
  const x = TEXT[lang];
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto(`/${lang}/sign-in`);
  await page.getByLabel(x.identifier).fill(email);
  await page.getByLabel(x.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: x.signIn, exact: true }).click();
}

import { createUser, signInBrowser } from "./dashboard-support";
import { axeViolations, expect, test } from "./fixtures";

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
    phrase: "Delete account",
    delete: "Delete account",
  },
  de: {
    current: "Aktuelles Passwort",
    next: "Neues Passwort",
    repeat: "Neues Passwort wiederholen",
    signOutOthers: "Auf allen anderen Geräten abmelden",
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
    phrase: "Konto löschen",
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
    await expect(page).toHaveURL(new RegExp(`/${lang}/?$`));
    await page.goto(`/${lang}/account/security`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/sign-in`));
  });
}

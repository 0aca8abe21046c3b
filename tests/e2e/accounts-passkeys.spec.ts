import type { Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./accounts-support";
import { axeViolations, codeFromMail, expect, test } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";

/** Waits for what hashes a password or loads a whole page on a busy machine. */
const SLOW = { timeout: 60_000 };

const TEXT = {
  en: {
    title: "Passkeys",
    none: "You have no passkeys yet.",
    add: "Add a passkey",
    name: "Name of the passkey",
    create: "Create passkey",
    added: "The passkey “Laptop” has been added.",
    list: "Your passkeys",
    neverUsed: "not used yet",
    lastUsed: "last used",
    rename: "Rename Laptop",
    newName: "New name",
    save: "Save name",
    renamed: "The passkey is now called “Home laptop”.",
    remove: "Remove Home laptop",
    confirm: "Remove passkey",
    removed: "The passkey “Home laptop” has been removed.",
    usePasskey: "Use a passkey",
    identifier: "E-mail or username",
    unknown: "This passkey is not known here. It may have been removed; please use another way to sign in.",
    phones: "Phone numbers",
    phonesIntro: "Receive second-step codes by text message.",
    connected: "Connected accounts",
    noneConnected: "No accounts are connected.",
  },
  de: {
    title: "Passkeys",
    none: "Sie haben noch keine Passkeys.",
    add: "Passkey hinzufügen",
    name: "Name des Passkeys",
    create: "Passkey erstellen",
    added: "Der Passkey „Laptop“ wurde hinzugefügt.",
    list: "Ihre Passkeys",
    neverUsed: "noch nicht verwendet",
    lastUsed: "zuletzt verwendet",
    rename: "Laptop umbenennen",
    newName: "Neuer Name",
    save: "Namen speichern",
    renamed: "Der Passkey heißt jetzt „Home laptop“.",
    remove: "Home laptop entfernen",
    confirm: "Passkey entfernen",
    removed: "Der Passkey „Home laptop“ wurde entfernt.",
    usePasskey: "Mit Passkey anmelden",
    identifier: "E-Mail oder Benutzername",
    unknown: "Dieser Passkey ist hier nicht bekannt. Vielleicht wurde er entfernt; bitte melden Sie sich anders an.",
    phones: "Telefonnummern",
    phonesIntro: "Erhalten Sie Codes für den zweiten Schritt per SMS.",
    connected: "Verbundene Konten",
    noneConnected: "Es sind keine Konten verbunden.",
  },
} as const;

// WebAuthn refuses an IP address as its domain: this spec's server is reached as localhost.
let server: OwnServer;
// The tests of this file share its own server: in parallel mode each test would start one for itself.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({ SMTP_URL: process.env.E2E_SMTP_URL as string }, { hostname: "localhost" });
});
test.afterAll(() => server?.stop());

/** A verified account, signed in in the page's browser by the verification (as the sign-up wizard's last step is). */
async function signedInAccount(page: Page, name: string) {
  const email = uniqueEmail("passkey");
  const headers = { origin: server.url };
  const data = { name, email, password: PASSWORD, legalConsent: true };
  expect((await page.request.post(`${server.url}/api/auth/sign-up/email`, { headers, data })).status()).toBe(200);
  const otp = await codeFromMail(email);
  expect((await page.request.post(`${server.url}/api/auth/email-otp/verify-email`, { headers, data: { email, otp } })).status()).toBe(200);
}

/** Chromium's virtual platform authenticator (DevTools protocol): stores passkeys, verifies its user, answers at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/** Makes the browser report no passkey autofill (conditional mediation) on the pages loaded next, or again report it. */
async function withoutAutofill(page: Page, off: boolean) {
  await page.evaluate((value) => (value ? localStorage.setItem("e2e-no-autofill", "1") : localStorage.removeItem("e2e-no-autofill")), off);
}

/** Signs the browser out by dropping its cookies, once no page of the account is left asking the server. */
async function signOut(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

for (const lang of ["en", "de"] as const) {
  const x = TEXT[lang];

  test(`registers a passkey, signs in with it, renames and removes it (${lang}) @phone`, async ({ page, pageErrors }) => {
    test.setTimeout(180_000);
    const name = lang === "en" ? "Petra Passkey" : "Paul Passkey";
    await signedInAccount(page, name);
    await addVirtualAuthenticator(page);
    await page.addInitScript(() => {
      // about:blank (between the visits) has no storage.
      if (location.protocol === "http:" && localStorage.getItem("e2e-no-autofill"))
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });

    // This server offers neither phone sign-in nor Google: the account page promises neither, and
    // shows no note meant for its administrator.
    await page.goto(`${server.url}/${lang}/account`);
    await expect(page.getByRole("region", { name: x.phones })).toContainText(x.phonesIntro, SLOW);
    const connected = page.getByRole("region", { name: x.connected });
    await expect(connected.getByText(x.noneConnected)).toBeVisible();
    await expect(connected.getByRole("button")).toHaveCount(0);
    await expect(page.getByText(/this server|diesem Server/)).toHaveCount(0);

    await page.goto(`${server.url}/${lang}/account/security`);
    const section = page.getByRole("region", { name: x.title });
    await expect(section.getByText(x.none)).toBeVisible(SLOW);
    await section.getByRole("button", { name: x.add }).click();
    await section.getByLabel(x.name).fill("Laptop");
    await section.getByRole("button", { name: x.create }).click();
    await expect(section.getByRole("status")).toHaveText(x.added, SLOW);
    const list = section.getByRole("list", { name: x.list });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText("Laptop");
    await expect(list.getByRole("listitem")).toContainText(x.neverUsed);
    expect(await axeViolations(page)).toEqual([]);

    // Signed out, the passkey signs the browser in again: no password, no second step. First through
    // the browser's autofill on the e-mail field (the virtual authenticator picks the passkey at once) ...
    await signOut(page);
    await page.goto(`${server.url}/${lang}/sign-in`);
    await expect(page).toHaveURL(`${server.url}/${lang}/dashboard`, SLOW);

    // ... then by the button, in a browser that offers no passkey autofill.
    await withoutAutofill(page, true);
    await signOut(page);
    await page.goto(`${server.url}/${lang}/sign-in`);
    await expect(page.getByLabel(x.identifier)).toHaveAttribute("autocomplete", "username webauthn");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: x.usePasskey }).click();
    await expect(page).toHaveURL(`${server.url}/${lang}/dashboard`, SLOW);
    await withoutAutofill(page, false);

    await page.goto(`${server.url}/${lang}/account/security`);
    await expect(list.getByRole("listitem")).toContainText(x.lastUsed, SLOW);
    await list.getByRole("button", { name: x.rename }).click();
    const field = section.getByLabel(x.newName);
    await expect(field).toHaveValue("Laptop");
    await field.fill("Home laptop");
    await section.getByRole("button", { name: x.save }).click();
    await expect(section.getByRole("status")).toHaveText(x.renamed, SLOW);
    await expect(list.getByRole("listitem")).toContainText("Home laptop");

    // Removing is a sensitive change; this session signed in a moment ago, so it needs no new proof.
    await list.getByRole("button", { name: x.remove }).click();
    const dialog = page.getByRole("dialog", { name: x.confirm });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: x.confirm }).click();
    await expect(section.getByRole("status")).toHaveText(x.removed, SLOW);
    await expect(section.getByText(x.none)).toBeVisible();

    // The device still offers the removed passkey; the sign-in page says it is no longer known.
    await signOut(page);
    await page.goto(`${server.url}/${lang}/sign-in`);
    await expect(page.getByRole("alert")).toHaveText(x.unknown, SLOW);
    await expect(page).toHaveURL(`${server.url}/${lang}/sign-in`);
    // The browser logs the refused answer (401); nothing else went wrong.
    const refused = pageErrors.filter((e) => /status of 401/.test(e) && e.includes("/api/auth/passkey/verify-authentication"));
    expect(refused).toHaveLength(1);
    pageErrors.splice(pageErrors.indexOf(refused[0] as string), 1);
  });
}

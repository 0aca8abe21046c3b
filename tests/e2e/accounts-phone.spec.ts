import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { codeInSms, startSmsProviderDouble } from "../support/sms";
import { PASSWORD, test, uniqueEmail } from "./accounts-support";
import { axeViolations, codeFromMail, expect } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";
import { snapshot } from "./snapshot";

/** Waits for what hashes a password or loads a whole page on a busy machine. */
const SLOW = { timeout: 60_000 };

const TEXT = {
  en: {
    section: "Phone numbers",
    intro: "Sign in with a code sent to your phone, and receive second-step codes by text message.",
    empty: "You have not added a phone number yet.",
    add: "Add phone number",
    number: "Phone number",
    submitAdd: "Add and send code",
    invalid: "Please enter the phone number in international format, starting with + and the country code (e.g. +49 151 23456789).",
    code: "Verification code",
    verify: "Verify",
    verified: (n: string) => `${n} is verified.`,
    list: "Your phone numbers",
    primary: "Primary",
    smsSection: "Text message codes",
    turnOn: "Turn on text message codes",
    turnedOn: "Text message codes are now on.",
    usePhone: "Use your phone",
    send: "Send code",
    smsCode: "Code from the text message",
    signIn: "Sign in",
    email: "E-mail or username",
    password: "Password",
    signInButton: "Sign in",
    secondStep: "Two-step verification",
    verifyButton: "Verify",
  },
  de: {
    section: "Telefonnummern",
    intro: "Melden Sie sich mit einem Code an, der an Ihr Telefon gesendet wird, und erhalten Sie Codes für den zweiten Schritt per SMS.",
    empty: "Sie haben noch keine Telefonnummer hinzugefügt.",
    add: "Telefonnummer hinzufügen",
    number: "Telefonnummer",
    submitAdd: "Hinzufügen und Code senden",
    invalid: "Bitte geben Sie die Telefonnummer im internationalen Format ein, mit + und der Ländervorwahl (z. B. +49 151 23456789).",
    code: "Bestätigungscode",
    verify: "Bestätigen",
    verified: (n: string) => `${n} ist bestätigt.`,
    list: "Ihre Telefonnummern",
    primary: "Primär",
    smsSection: "SMS-Codes",
    turnOn: "SMS-Codes aktivieren",
    turnedOn: "SMS-Codes sind jetzt aktiviert.",
    usePhone: "Mit Telefon anmelden",
    send: "Code senden",
    smsCode: "Code aus der SMS",
    signIn: "Anmelden",
    email: "E-Mail oder Benutzername",
    password: "Passwort",
    signInButton: "Anmelden",
    secondStep: "Bestätigung in zwei Schritten",
    verifyButton: "Bestätigen",
  },
} as const;

// Text messages go to a local double of an HTTP SMS provider, where the test reads the codes.
let sms: Awaited<ReturnType<typeof startSmsProviderDouble>>;
let server: OwnServer;
// The tests of this file share its own server: in parallel mode each test would start one for itself.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sms = await startSmsProviderDouble();
  server = await startOwnServer({
    SMTP_URL: process.env.E2E_SMTP_URL as string,
    SMS_PROVIDER_URL: sms.url,
    SMS_PROVIDER_USERNAME: "AC-e2e",
    SMS_PROVIDER_PASSWORD: "e2e-secret",
    SMS_FROM: "RecruitCRM",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sms?.close();
});

/** The code of the newest text message to a number. */
async function codeTextedTo(e164: string): Promise<string> {
  await expect.poll(() => sms.received.filter((r) => r.form.get("To") === e164).length, SLOW).toBeGreaterThan(0);
  const last = sms.received.filter((r) => r.form.get("To") === e164).at(-1);
  return codeInSms(last?.form.get("Body") ?? "");
}

/** A verified account signed in in the page's browser, in the given language. */
async function signedInAccount(page: Page, lang: "en" | "de") {
  const email = uniqueEmail("phone");
  const headers = { origin: server.url };
  const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers,
    data: { name: "Pia Phone", email, password: PASSWORD, locale: lang, legalConsent: true },
  });
  expect(signUp.status()).toBe(200);
  const otp = await codeFromMail(email);
  expect((await page.request.post(`${server.url}/api/auth/email-otp/verify-email`, { headers, data: { email, otp } })).status()).toBe(200);
  return email;
}

async function signOut(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

for (const lang of ["en", "de"] as const) {
  const x = TEXT[lang];

  test(`adds and verifies a phone number, turns on text message codes and signs in with the phone (${lang}) @phone`, async ({ page }) => {
    test.setTimeout(240_000);
    const rest = String(randomInt(10_000_000, 99_999_999));
    const e164 = `+49151${rest}`;
    const email = await signedInAccount(page, lang);

    await page.goto(`${server.url}/${lang}/account`);
    const section = page.getByRole("region", { name: x.section });
    await expect(section.getByText(x.empty)).toBeVisible(SLOW);
    // This server offers phone sign-in, and the section says so.
    await expect(section).toContainText(x.intro);
    await section.getByRole("button", { name: x.add }).click();
    // The format rule answers in the page before anything is sent.
    await section.getByLabel(x.number).fill("0151 1234");
    await section.getByRole("button", { name: x.submitAdd }).click();
    await expect(section.getByText(x.invalid)).toBeVisible();
    await snapshot(page, `phone-account-add-${lang}`);
    await section.getByLabel(x.number).fill(`+49 151 ${rest}`);
    await section.getByRole("button", { name: x.submitAdd }).click();
    const codeField = section.getByLabel(x.code);
    await expect(codeField).toBeVisible(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `phone-account-verify-${lang}`);
    await codeField.fill(await codeTextedTo(e164));
    await section.getByRole("button", { name: x.verify, exact: true }).click();
    await expect(section.getByRole("status")).toHaveText(/ist bestätigt\.$|is verified\.$/, SLOW);
    const item = section.getByRole("list", { name: x.list }).getByRole("listitem");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(x.primary);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `phone-account-list-${lang}`);

    // Text message codes as the second step, on the security page.
    await page.goto(`${server.url}/${lang}/account/security`);
    const smsSection = page.getByRole("region", { name: x.smsSection });
    await smsSection.getByRole("button", { name: x.turnOn }).click();
    await expect(smsSection.getByRole("status")).toHaveText(x.turnedOn, SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `phone-security-sms-${lang}`);

    // The password, then the code texted to the phone.
    await signOut(page);
    await page.goto(`${server.url}/${lang}/sign-in`);
    await page.getByLabel(x.email).fill(email);
    await page.getByLabel(x.password, { exact: true }).fill(PASSWORD);
    const before = sms.received.length;
    await page.getByRole("button", { name: x.signInButton, exact: true }).click();
    await expect(page.getByRole("heading", { name: x.secondStep })).toBeVisible(SLOW);
    await expect.poll(() => sms.received.length, SLOW).toBe(before + 1);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `phone-second-step-sms-${lang}`);
    await page.getByLabel(x.smsCode).fill(await codeTextedTo(e164));
    await page.getByRole("button", { name: x.verifyButton, exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/${lang}/dashboard`, SLOW);

    // "Use your phone": the number, then the code texted to it.
    await signOut(page);
    await page.goto(`${server.url}/${lang}/sign-in`);
    await page.getByRole("button", { name: x.usePhone }).click();
    await page.getByLabel(x.number).fill(`+49 151 ${rest}`);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `phone-sign-in-phone-${lang}`);
    const beforeSignIn = sms.received.length;
    await page.getByRole("button", { name: x.send }).click();
    const code = page.getByLabel(x.smsCode);
    await expect(code).toBeVisible(SLOW);
    await expect.poll(() => sms.received.length, SLOW).toBe(beforeSignIn + 1);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `phone-sign-in-phone-code-${lang}`);
    await code.fill(await codeTextedTo(e164));
    const beforeSecondStep = sms.received.length;
    await page.getByRole("button", { name: x.signIn, exact: true }).click();
    // Where a second step follows every first factor, the account asks for it here too: the texted code again.
    const secondStep = page.getByRole("heading", { name: x.secondStep });
    await expect.poll(async () => page.url().endsWith(`/${lang}/dashboard`) || (await secondStep.isVisible()), SLOW).toBe(true);
    if (await secondStep.isVisible()) {
      // The second step texts a fresh code of its own: wait for it rather than reading the sign-in code.
      await expect.poll(() => sms.received.length, SLOW).toBe(beforeSecondStep + 1);
      await page.getByLabel(x.smsCode).fill(await codeTextedTo(e164));
      await page.getByRole("button", { name: x.verifyButton, exact: true }).click();
    }
    await expect(page).toHaveURL(`${server.url}/${lang}/dashboard`, SLOW);
  });
}

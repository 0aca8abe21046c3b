import type { Page } from "@playwright/test";
import { agreeToTerms, createUnverifiedAccount, createVerifiedAccount, PASSWORD, test, typeCode, uniqueEmail } from "./accounts-support";
import { axeViolations, codeFromMail, expect, mailsTo } from "./fixtures";
import { snapshot } from "./snapshot";

const texts = {
  en: {
    email: "E-mail",
    password: "Password",
    submit: "Sign in",
    required: "Please fill in all fields",
    wrong: "The e-mail address or password is incorrect",
    show: "Show password",
    hide: "Hide password",
  },
  de: {
    email: "E-Mail",
    password: "Passwort",
    submit: "Anmelden",
    required: "Bitte füllen Sie alle Felder aus",
    wrong: "E-Mail-Adresse oder Passwort ist falsch",
    show: "Passwort anzeigen",
    hide: "Passwort verbergen",
  },
} as const;

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];

  test(`signs in with e-mail and password and lands on the dashboard (${lang}) @phone`, async ({ page, browser }) => {
    const setup = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const email = await createVerifiedAccount(setup.request);
    await setup.close();

    await page.goto(`/${lang}/sign-in`);
    await expect(page.getByRole("banner")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: x.submit, exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(x.required);

    await page.getByLabel(x.email).fill(email);
    await page.getByLabel(x.password, { exact: true }).fill("wrong password");
    await page.getByRole("button", { name: x.submit, exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(x.wrong);
    expect(await axeViolations(page)).toEqual([]);

    const password = page.getByLabel(x.password, { exact: true });
    await password.fill(PASSWORD);
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: x.show }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: x.hide }).click();
    await expect(password).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: x.submit, exact: true }).click();
    await expect(page).toHaveURL(`/${lang}/dashboard`);
    await expect(page.getByText(email)).toBeVisible();
  });
}

test("a signed-in visitor of the sign-in page goes straight to the dashboard", async ({ page }) => {
  await createVerifiedAccount(page.request);
  await page.goto("/de/sign-in");
  await expect(page).toHaveURL("/de/dashboard");
});

const SESSION_RETRY = {
  en: { text: "We could not check your session. Try again.", retry: "Try again" },
  de: { text: "Wir konnten Ihre Sitzung nicht prüfen. Bitte versuchen Sie es erneut.", retry: "Erneut versuchen" },
} as const;

/** Answers the page's first session read with 429, as an overloaded server would. */
async function refuseFirstSessionRead(page: Page) {
  let refused = false;
  await page.route("**/api/auth/get-session*", (route) => {
    if (refused) return route.fallback();
    refused = true;
    return route.fulfill({ status: 429, headers: { "retry-after": "60" }, json: { code: "too_many_requests", message: "Too many" } });
  });
}

for (const lang of ["en", "de"] as const) {
  test(`a refused session read on the dashboard offers a retry instead of signing out (${lang})`, async ({ page }) => {
    const email = await createVerifiedAccount(page.request);
    await refuseFirstSessionRead(page);
    await page.goto(`/${lang}/dashboard`);
    await expect(page.getByRole("alert")).toContainText(SESSION_RETRY[lang].text);
    await expect(page).toHaveURL(`/${lang}/dashboard`);
    await page.getByRole("button", { name: SESSION_RETRY[lang].retry }).click();
    await expect(page.getByText(email)).toBeVisible();
  });
}

test("a refused session read on the sign-in page offers a retry, which leads a signed-in visitor on", async ({ page }) => {
  await createVerifiedAccount(page.request);
  await refuseFirstSessionRead(page);
  await page.goto("/en/sign-in");
  await expect(page.getByRole("alert")).toContainText(SESSION_RETRY.en.text);
  await page.getByRole("button", { name: SESSION_RETRY.en.retry }).click();
  await expect(page).toHaveURL("/en/dashboard");
});

test("a visitor who is not signed in is sent from the dashboard to sign-in", async ({ page }) => {
  await page.goto("/en/dashboard");
  await expect(page).toHaveURL("/en/sign-in");
  await page.goto("/de/dashboard");
  await expect(page).toHaveURL("/de/sign-in");
});

test("an unverified account is sent to verification with a fresh code, then signed in", async ({ page, browser }) => {
  const setup = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const email = await createUnverifiedAccount(setup.request);
  await setup.close();
  await page.goto("/en/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect
    .poll(async () => (await (await fetch(`${process.env.E2E_MAILBOX_URL}/?to=${encodeURIComponent(email)}`)).json()).length)
    .toBe(2);
  await typeCode(page, await codeFromMail(email));
  await expect(page).toHaveURL("/en/dashboard");
});

test("a forgotten password is reset with an e-mailed code, signs out every device, then is used to sign in", async ({ page, browser }) => {
  test.slow();
  // The account is signed in on another device (verifying the address signed it in there).
  const elsewhere = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const email = await createVerifiedAccount(elsewhere.request, { locale: "de" });
  const sessionElsewhere = async () => (await elsewhere.request.get("/api/auth/get-session")).json();
  expect((await sessionElsewhere())?.user.email).toBe(email);
  await page.goto("/de/sign-in");
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(page).toHaveURL("/de/forgot-password");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByRole("button", { name: "Code senden" }).click();
  await expect(page.getByText(`Falls ein Konto für ${email} existiert`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const code = await codeFromMail(email, /Zurücksetzen/);
  await page.getByLabel("Code aus der E-Mail").fill(code);
  await page.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
  await page.getByRole("button", { name: "Neues Passwort speichern" }).click();
  await expect(page.getByText("Ihr Passwort muss mindestens 8 Zeichen lang sein")).toBeVisible();
  await page.getByLabel("Neues Passwort", { exact: true }).fill("ein ganz neues Passwort");
  await page.getByRole("button", { name: "Neues Passwort speichern" }).click();
  await expect(
    page.getByText("Ihr Passwort wurde geändert. Alle Geräte, die bei Ihrem Konto angemeldet waren, wurden abgemeldet"),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, "forgot-password-done-de");
  expect(await sessionElsewhere()).toBeNull();
  await elsewhere.close();
  await expect.poll(async () => (await mailsTo(email)).map((m) => m.subject)).toContain("Ihr Passwort wurde zurückgesetzt");
  await page.getByRole("link", { name: "Zur Anmeldung" }).click();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill("ein ganz neues Passwort");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL("/de/dashboard");
});

test("the code screen of a password reset is no dead end: resend after a pause, another address, back to sign-in", async ({
  page,
  browser,
}) => {
  const setup = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const email = await createVerifiedAccount(setup.request, { locale: "en" });
  await setup.close();
  await page.clock.install();
  await page.goto("/en/forgot-password");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`If an account exists for ${email}, we have sent`)).toBeVisible();
  const resend = page.getByRole("button", { name: /^Send a new code/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/in \d+ s$/);

  // A new error replaces the old one: a field error clears an earlier message.
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Please enter all 6 digits")).toBeVisible();

  await page.clock.runFor(31_000);
  await expect(resend).toBeEnabled();
  await expect(resend).toHaveText("Send a new code");
  await resend.click();
  await expect(page.getByText(`If an account exists for ${email}, we have sent a new 6-digit code`)).toBeVisible();
  await expect(page.getByText("Please enter all 6 digits")).toBeHidden();
  await expect
    .poll(async () => (await (await fetch(`${process.env.E2E_MAILBOX_URL}/?to=${encodeURIComponent(email)}`)).json()).length)
    .toBeGreaterThanOrEqual(3);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Use a different e-mail address" }).click();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByRole("button", { name: "Send code" })).toBeVisible();
  await page.getByLabel("E-mail").fill(uniqueEmail("other"));
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByRole("link", { name: "Back to sign-in" }).click();
  await expect(page).toHaveURL("/en/sign-in");
});

test("a reset request for an unknown address looks the same and sends nothing", async ({ page }) => {
  const email = uniqueEmail("nobody");
  await page.goto("/en/forgot-password");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  expect(await (await fetch(`${process.env.E2E_MAILBOX_URL}/?to=${encodeURIComponent(email)}`)).json()).toEqual([]);
});

test("the sign-in page links to sign-up and offers Google", async ({ page }) => {
  await page.goto("/en/sign-in");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL("/en/sign-up");
});

test("without Google sign-in on the server, sign-in and sign-up show no Google button and no divider of their own", async ({ page }) => {
  await page.route("**/api/auth/providers", (route) => route.fulfill({ json: { google: false } }));
  for (const lang of ["en", "de"] as const) {
    const google = lang === "en" ? "Continue with Google" : "Weiter mit Google";
    const or = lang === "en" ? "or" : "oder";
    const providers = page.waitForResponse("**/api/auth/providers");
    await page.goto(`/${lang}/sign-in`);
    await providers;
    await expect(page.getByRole("button", { name: lang === "en" ? "Sign in" : "Anmelden", exact: true })).toBeEnabled();
    await expect(page.getByRole("button", { name: google })).toHaveCount(0);
    // The one divider left is the passkey button's.
    await expect(page.getByText(or, { exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: lang === "en" ? "Use a passkey" : "Mit Passkey anmelden" })).toBeVisible();
    await expect(page.getByText(/Google/)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `sign-in-without-google-${lang}`, { fullPage: false });

    await page.goto(`/${lang}/sign-up`);
    await agreeToTerms(page, lang);
    await page.getByRole("button", { name: lang === "en" ? "Next" : "Weiter", exact: true }).click();
    await expect(page.getByRole("button", { name: lang === "en" ? "Continue with e-mail" : "Weiter mit E-Mail" })).toBeVisible();
    await expect(page.getByRole("button", { name: google })).toHaveCount(0);
    await expect(page.getByText(or, { exact: true })).toHaveCount(0);
    await snapshot(page, `sign-up-without-google-${lang}`, { fullPage: false });
  }
});

test("an unreachable sign-in service and an unfinished sign-in get their own messages", async ({ page, pageErrors }) => {
  await page.goto("/en/sign-in");
  await page.getByLabel("E-mail").fill("someone@example.com");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);

  await page.route("**/api/auth/sign-in/email", (route) => route.fulfill({ status: 503, json: { message: "unavailable" } }));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Sign-in service is not ready yet. Please try again.");

  // A 200 without a session and without a further step is not a finished sign-in.
  await page.route("**/api/auth/sign-in/email", (route) => route.fulfill({ status: 200, json: { token: null } }));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Sign-in process incomplete. Please try again.");
  await expect(page).toHaveURL("/en/sign-in");

  // The browser logs the deliberate 503; nothing else may have been logged.
  const expected = pageErrors.filter((e) => /status of 503/.test(e) && e.includes("/api/auth/sign-in/email"));
  expect(expected).toHaveLength(1);
  pageErrors.splice(pageErrors.indexOf(expected[0] as string), 1);
});

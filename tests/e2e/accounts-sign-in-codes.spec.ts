import type { APIRequestContext, Page } from "@playwright/test";
import { totpCode } from "../support/totp";
import { createVerifiedAccount, PASSWORD, test, typeCode } from "./accounts-support";
import { axeViolations, codeFromMail, expect, mailsTo } from "./fixtures";
import { snapshot } from "./snapshot";

const SLOW = { timeout: 30_000 };

const texts = {
  en: {
    emailCode: "E-mail me a code",
    emailLink: "E-mail me a sign-in link",
    email: "E-mail",
    sendCode: "Send code",
    codeSent: /we have sent a 6-digit code/,
    sendLink: "Send link",
    waiting: "Check your e-mail",
    waitingStatus: "Waiting for the link to be opened…",
    verified: "Sign-in confirmed",
    verifiedText: /it signs you in by itself/,
    otherDevice: "Opened on another device",
    signInHere: "Sign in on this device",
    usedElsewhere: "The link was used to sign in on another device or in another browser.",
    already: "Link already used",
    failed: "Link not valid",
    invalid: "This sign-in link is not valid. Please ask for a new one.",
    codeSubject: /sign-in code/,
    twoStep: "Two-step verification",
    twoStepCode: "6-digit code",
    verify: "Verify",
  },
  de: {
    emailCode: "Code per E-Mail senden",
    emailLink: "Anmeldelink per E-Mail senden",
    email: "E-Mail",
    sendCode: "Code senden",
    codeSent: /haben wir einen 6-stelligen Code/,
    sendLink: "Link senden",
    waiting: "Prüfen Sie Ihre E-Mails",
    waitingStatus: "Wir warten, bis Sie den Link öffnen…",
    verified: "Anmeldung bestätigt",
    verifiedText: /Er meldet Sie von selbst an/,
    otherDevice: "Auf einem anderen Gerät geöffnet",
    signInHere: "Auf diesem Gerät anmelden",
    usedElsewhere: "Der Link wurde zur Anmeldung auf einem anderen Gerät oder in einem anderen Browser verwendet.",
    already: "Link bereits verwendet",
    failed: "Link ungültig",
    invalid: "Dieser Anmeldelink ist ungültig. Bitte fordern Sie einen neuen an.",
    codeSubject: /Anmeldecode/,
    twoStep: "Bestätigung in zwei Schritten",
    twoStepCode: "6-stelliger Code",
    verify: "Bestätigen",
  },
} as const;

/** Saves a look at the screen outside the repository. */
/** A verified account made through the API in its own context, so the page's browser stays signed out. */
async function accountFor(newRequest: () => Promise<APIRequestContext>, lang: "en" | "de") {
  const request = await newRequest();
  const email = await createVerifiedAccount(request, { locale: lang });
  return { email, request };
}

/** The sign-in link of the last link mail to the address. */
async function linkFromMail(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = /https?:\/\/\S+\/sign-in\?link=[\w-]+/.exec((await mailsTo(email)).at(-1)?.text ?? "")?.[0];
      return link;
    }, SLOW)
    .toBeTruthy();
  return new URL(link as string).pathname + new URL(link as string).search;
}

/** Asks for a sign-in link on the sign-in page, up to the waiting screen. */
async function askForLink(page: Page, lang: "en" | "de", email: string) {
  const x = texts[lang];
  await page.goto(`/${lang}/sign-in`);
  await page.getByRole("button", { name: x.emailLink }).click(SLOW);
  await page.getByLabel(x.email).fill(email);
  await page.getByRole("button", { name: x.sendLink }).click();
  await expect(page.getByRole("heading", { level: 1, name: x.waiting })).toBeVisible(SLOW);
  await expect(page.getByRole("status").filter({ hasText: x.waitingStatus })).toBeVisible();
}

// Each test makes an account, reads mails and runs two browsers or tabs: more than the default 60 s on a slow machine.
test.describe.configure({ timeout: 240_000 });

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];

  test(`signs in with a code e-mailed to the address (${lang}) @phone`, async ({ page, playwright }) => {
    const { email, request } = await accountFor(() => playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL }), lang);
    await request.dispose();
    await page.goto(`/${lang}/sign-in`);
    // The password form stays the first screen; the other ways are offered below it.
    await expect(page.getByRole("button", { name: x.emailLink })).toBeVisible(SLOW);
    await snapshot(page, `sign-in-methods-${lang}`);
    await page.getByRole("button", { name: x.emailCode }).click();
    await expect(page.getByLabel(x.email)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `code-request-${lang}`);
    await page.getByLabel(x.email).fill(email);
    await page.getByRole("button", { name: x.sendCode }).click();
    await expect(page.getByRole("status").filter({ hasText: x.codeSent })).toBeVisible(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `code-enter-${lang}`);
    await typeCode(page, await codeFromMail(email, x.codeSubject));
    await expect(page).toHaveURL(`/${lang}/dashboard`, SLOW);
  });

  test(`signs in the tab that asked when the link opens in the same browser (${lang}) @phone`, async ({ page, context, playwright }) => {
    const { email, request } = await accountFor(() => playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL }), lang);
    await request.dispose();
    await page.goto(`/${lang}/sign-in`);
    await page.getByRole("button", { name: x.emailLink }).click(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `link-request-${lang}`);
    await askForLink(page, lang, email);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `link-waiting-${lang}`);

    const linkTab = await context.newPage();
    await linkTab.goto(await linkFromMail(email));
    await expect(linkTab.getByRole("heading", { level: 1, name: x.verified })).toBeVisible(SLOW);
    await expect(linkTab.getByText(x.verifiedText)).toBeVisible();
    expect(await axeViolations(linkTab)).toEqual([]);
    await snapshot(linkTab, `link-verified-${lang}`);
    // The tab that asked signs in by itself.
    await expect(page).toHaveURL(`/${lang}/dashboard`, SLOW);

    // Opened once more, here or in any other browser: it has signed someone in, and says so.
    await linkTab.reload();
    await expect(linkTab.getByRole("heading", { level: 1, name: x.already })).toBeVisible(SLOW);
    expect(await axeViolations(linkTab)).toEqual([]);
    await snapshot(linkTab, `link-already-${lang}`);
  });

  test(`a link opened in another browser says so and signs in there only when confirmed (${lang}) @phone`, async ({
    page,
    browser,
    playwright,
  }) => {
    const { email, request } = await accountFor(() => playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL }), lang);
    await request.dispose();
    await askForLink(page, lang, email);
    const link = await linkFromMail(email);

    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: page.viewportSize() ?? undefined });
    const phone = await other.newPage();
    await phone.goto(link);
    await expect(phone.getByRole("heading", { level: 1, name: x.otherDevice })).toBeVisible(SLOW);
    expect(await axeViolations(phone)).toEqual([]);
    await snapshot(phone, `link-other-device-${lang}`);
    await phone.getByRole("button", { name: x.signInHere }).click();
    await expect(phone).toHaveURL(`/${lang}/dashboard`, SLOW);
    await other.close();

    // Opened later in yet another browser, the used link says it was used, not that another tab verified it.
    const third = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: page.viewportSize() ?? undefined });
    const late = await third.newPage();
    await late.goto(link);
    await expect(late.getByRole("heading", { level: 1, name: x.already })).toBeVisible(SLOW);
    await third.close();

    // The page that asked learns where the link went, and stays signed out.
    await expect(page.getByRole("alert")).toHaveText(x.usedElsewhere, SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `link-used-elsewhere-${lang}`);

    await page.goto(`/${lang}/sign-in?link=not-a-link`);
    await expect(page.getByRole("heading", { level: 1, name: x.failed })).toBeVisible(SLOW);
    await expect(page.getByRole("alert")).toHaveText(x.invalid);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `link-failed-${lang}`);
  });

  test(`asks for the second step after an e-mailed code (${lang}) @phone`, async ({ page, playwright }) => {
    const { email, request } = await accountFor(() => playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL }), lang);
    const headers = { origin: process.env.E2E_BASE_URL as string };
    const enable = await request.post("/api/auth/two-factor/enable", { headers, data: { password: PASSWORD } });
    expect(enable.status()).toBe(200);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    expect((await request.post("/api/auth/two-factor/verify-totp", { headers, data: { code: totpCode(totpURI) } })).status()).toBe(200);
    await request.dispose();

    await page.goto(`/${lang}/sign-in`);
    await page.getByRole("button", { name: x.emailCode }).click(SLOW);
    await page.getByLabel(x.email).fill(email);
    await page.getByRole("button", { name: x.sendCode }).click();
    await expect(page.getByRole("status").filter({ hasText: x.codeSent })).toBeVisible(SLOW);
    await typeCode(page, await codeFromMail(email, x.codeSubject));
    await expect(page.getByRole("heading", { level: 1, name: x.twoStep })).toBeVisible(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `code-second-step-${lang}`);
    // The next time step's code: the one that turned the app on is not taken twice.
    await page.getByLabel(x.twoStepCode).fill(totpCode(totpURI, Date.now() + 30_000));
    await page.getByRole("button", { name: x.verify }).click();
    await expect(page).toHaveURL(`/${lang}/dashboard`, SLOW);
  });
}

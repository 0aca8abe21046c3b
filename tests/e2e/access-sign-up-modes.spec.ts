import { agreeToTerms, PASSWORD, test, uniqueEmail } from "./accounts-support";
import { axeViolations, expect, mailsTo } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";
import { snapshot } from "./snapshot";

const texts = {
  en: {
    next: "Next",
    withEmail: "Continue with e-mail",
    name: "Full name",
    email: "E-mail",
    password: "Password",
    create: "Create account",
    restricted: "Sign-up by invitation only",
    otherAddress: "Use another e-mail address",
    waitlist: "Join the waitlist",
    waitlistEmail: "E-mail address",
    invalid: "Please enter a valid e-mail address.",
    sent: "Please confirm your e-mail address",
    confirmed: "You are on the waitlist",
    invited: "Sign up with your invitation",
    subject: /waitlist/,
  },
  de: {
    next: "Weiter",
    withEmail: "Weiter mit E-Mail",
    name: "Vollständiger Name",
    email: "E-Mail",
    password: "Passwort",
    create: "Konto erstellen",
    restricted: "Registrierung nur mit Einladung",
    otherAddress: "Andere E-Mail-Adresse verwenden",
    waitlist: "Auf die Warteliste",
    waitlistEmail: "E-Mail-Adresse",
    invalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    sent: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    confirmed: "Sie stehen auf der Warteliste",
    invited: "Mit Ihrer Einladung registrieren",
    subject: /Warteliste/,
  },
} as const;

// Each mode runs on a second server of its own, with the page checks of two screens each.
// The tests of this file share its own server: in parallel mode each test would start one for itself.
test.describe.configure({ mode: "default", timeout: 180_000 });

test.describe("restricted sign-up", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startOwnServer({ SIGNUP_MODE: "restricted", SMTP_URL: process.env.E2E_SMTP_URL as string });
  });
  test.afterAll(() => server?.stop());

  for (const lang of ["en", "de"] as const) {
    const x = texts[lang];
    test(`an address nobody invited gets the restricted-access screen and can try another (${lang}) @phone`, async ({ page }) => {
      await page.goto(`${server.url}/${lang}/sign-up`);
      await agreeToTerms(page, lang);
      await page.getByRole("button", { name: x.next, exact: true }).click();
      await page.getByRole("button", { name: x.withEmail }).click();
      await page.getByLabel(x.name).fill("Uninvited Person");
      await page.getByRole("button", { name: x.next, exact: true }).click();
      await page.getByLabel(x.email, { exact: true }).fill(uniqueEmail(`restricted-${lang}`));
      await page.getByLabel(x.password, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: x.create }).click();

      await expect(page.getByRole("heading", { level: 1, name: x.restricted })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `sign-up-restricted-${lang}`);
      await page.getByRole("button", { name: x.otherAddress }).click();
      await expect(page.getByLabel(x.email, { exact: true })).toBeVisible();
    });
  }
});

test.describe("waitlist sign-up", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startOwnServer({ SIGNUP_MODE: "waitlist", SMTP_URL: process.env.E2E_SMTP_URL as string });
  });
  test.afterAll(() => server?.stop());

  for (const lang of ["en", "de"] as const) {
    const x = texts[lang];
    test(`visitors join the waitlist and confirm their address by the mailed link (${lang}) @phone`, async ({ page }) => {
      const email = uniqueEmail(`waitlist-${lang}`);
      await page.goto(`${server.url}/${lang}/sign-up`);
      await expect(page.getByRole("heading", { level: 1, name: x.waitlist })).toBeVisible();
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      await expect(page.getByRole("link", { name: x.invited })).toHaveAttribute("href", `/${lang}/sign-up?invited=1`);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `waitlist-${lang}`);

      await page.getByRole("button", { name: x.waitlist }).click();
      await expect(page.getByText(x.invalid)).toBeVisible();
      await page.getByLabel(x.waitlistEmail).fill(email);
      await page.getByRole("button", { name: x.waitlist }).click();
      await expect(page.getByRole("heading", { level: 1, name: x.sent })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      let link = "";
      await expect
        .poll(async () => {
          const mail = (await mailsTo(email)).find((m) => x.subject.test(m.subject));
          link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "";
          return link;
        })
        .toContain(`/${lang}/sign-up?waitlist=`);
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: x.confirmed })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `waitlist-confirmed-${lang}`);
    });
  }

  test("an invited visitor goes on to the wizard", async ({ page }) => {
    await page.goto(`${server.url}/en/sign-up`);
    await page.getByRole("link", { name: texts.en.invited }).click();
    await expect(page).toHaveURL(`${server.url}/en/sign-up?invited=1`);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
  });
});

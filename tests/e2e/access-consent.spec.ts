import { agreeToTerms, signInAtGoogleAs, test, uniqueEmail } from "./accounts-support";
import { axeViolations, expect } from "./fixtures";
import { snapshot } from "./snapshot";

const texts = {
  en: {
    next: "Next",
    required: "Please agree to the Terms of Service and the Privacy Policy to continue.",
    checkbox: /^I agree to the Terms of Service and the Privacy Policy/,
    google: "Continue with Google",
    consentTitle: "Our terms",
    continue: "Continue",
    terms: "Terms of Service",
    close: "Close",
  },
  de: {
    next: "Weiter",
    required: "Bitte stimmen Sie den Nutzungsbedingungen und der Datenschutzerklärung zu, um fortzufahren.",
    checkbox: /^Ich stimme den Nutzungsbedingungen und der Datenschutzerklärung zu/,
    google: "Weiter mit Google",
    consentTitle: "Unsere Bedingungen",
    continue: "Weiter",
    terms: "Nutzungsbedingungen",
    close: "Schließen",
  },
} as const;

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];

  test(`the first step of sign-up needs the agreement to the terms and privacy policy (${lang}) @phone`, async ({ page }) => {
    await page.goto(`/${lang}/sign-up`);
    const box = page.getByRole("checkbox", { name: x.checkbox });
    await expect(box).not.toBeChecked();
    await page.getByRole("button", { name: x.next, exact: true }).click();
    await expect(page.getByText(x.required)).toBeVisible();
    await expect(box).toBeFocused();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `sign-up-consent-required-${lang}`);

    // The link opens the text in a dialog and leaves the box as it was.
    await page.getByRole("link", { name: x.terms, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: x.terms });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: x.close }).click();
    await expect(box).not.toBeChecked();

    await agreeToTerms(page, lang);
    await expect(page.getByText(x.required)).toHaveCount(0);
    await page.getByRole("button", { name: x.next, exact: true }).click();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
  });

  test(`an account without an agreement is asked once, at sign-in, before the dashboard (${lang}) @phone`, async ({ page, context }) => {
    // Google from the sign-in page makes an account without the wizard's agreement.
    const email = uniqueEmail(`consent-${lang}`);
    await signInAtGoogleAs(context, { email, given_name: "Katherine", family_name: "Johnson" });
    await page.goto(`/${lang}/sign-in`);
    await page.getByRole("button", { name: x.google }).click();
    await expect(page).toHaveURL(`/${lang}/legal-consent?next=%2F${lang}%2Fdashboard`);
    await expect(page.getByRole("heading", { level: 1, name: x.consentTitle })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `legal-consent-${lang}`);

    await page.getByRole("button", { name: x.continue }).click();
    await expect(page.getByText(x.required)).toBeVisible();
    await page.getByRole("checkbox", { name: x.checkbox }).check();
    await page.getByRole("button", { name: x.continue }).click();
    await expect(page).toHaveURL(`/${lang}/dashboard`);
    await expect(page.getByText(email)).toBeVisible();

    // Asked once: the account area opens directly from now on, and the screen leads on to it.
    await page.goto(`/${lang}/account`);
    await expect(page).toHaveURL(`/${lang}/account`);
    await page.goto(`/${lang}/legal-consent`);
    await expect(page).toHaveURL(`/${lang}/dashboard`);
  });
}

test("the consent screen is a prerendered page that search engines are told to leave alone", async ({ request }) => {
  const res = await request.get("/de/legal-consent");
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow"');
});

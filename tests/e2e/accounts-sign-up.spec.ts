import { agreeToTerms, createVerifiedAccount, PASSWORD, test, typeCode, uniqueEmail } from "./accounts-support";
import { axeViolations, codeFromMail, expect } from "./fixtures";

const texts = {
  en: {
    individual: "Free",
    pro: "Pro",
    stepOne: (total: number) => `Step 1 of ${total}`,
    teamName: "Team name",
    teamRequired: "Please enter a team name",
    next: "Next",
    back: "Back",
    email: "Continue with e-mail",
    name: "Full name",
    nameRequired: "Please provide your name",
    emailLabel: "E-mail",
    password: "Password",
    create: "Create account",
    verify: "Verify",
    verifyHeading: "Check your e-mail",
    invalid: "Invalid verification code",
    incomplete: "Please enter all 6 digits",
    subject: /verification code/,
    credentialsRequired: "Please enter your e-mail address and a password",
    tooShort: "Your password must be at least 8 characters long",
    verified: "E-mail address confirmed",
    continue: "Continue",
    leave: "Leave sign-up?",
    stay: "Stay",
    signUpLink: "Sign up",
  },
  de: {
    individual: "Free",
    pro: "Pro",
    stepOne: (total: number) => `Schritt 1 von ${total}`,
    teamName: "Teamname",
    teamRequired: "Bitte geben Sie einen Teamnamen ein",
    next: "Weiter",
    back: "Zurück",
    email: "Weiter mit E-Mail",
    name: "Vollständiger Name",
    nameRequired: "Bitte geben Sie Ihren Namen an",
    emailLabel: "E-Mail",
    password: "Passwort",
    create: "Konto erstellen",
    verify: "Bestätigen",
    verifyHeading: "Prüfen Sie Ihre E-Mails",
    invalid: "Ungültiger Bestätigungscode",
    incomplete: "Bitte geben Sie alle 6 Ziffern ein",
    subject: /Bestätigungscode/,
    credentialsRequired: "Bitte geben Sie Ihre E-Mail-Adresse und ein Passwort ein",
    tooShort: "Ihr Passwort muss mindestens 8 Zeichen lang sein",
    verified: "E-Mail-Adresse bestätigt",
    continue: "Weiter",
    leave: "Registrierung verlassen?",
    stay: "Bleiben",
    signUpLink: "Registrieren",
  },
} as const;

async function expectAxeClean(page: import("@playwright/test").Page) {
  // A step slides in with a fade; contrast is judged once it has arrived.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  expect(await axeViolations(page)).toEqual([]);
}

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];

  test(`an individual signs up with e-mail and lands on the dashboard (${lang}) @phone`, async ({ page }) => {
    test.slow();
    const email = uniqueEmail(`ind-${lang}`);
    await page.goto(`/${lang}/sign-up`);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    await expect(page.getByRole("radio", { name: new RegExp(`^${x.individual}`) })).toBeChecked();
    // Free has no payment step: five steps, not six.
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuemax", "5");
    await expect(page.getByText(x.stepOne(5))).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expectAxeClean(page);
    await agreeToTerms(page, lang);
    await page.getByRole("button", { name: x.next }).click();

    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
    await expectAxeClean(page);
    await page.getByRole("button", { name: x.email }).click();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "3");

    await page.getByRole("button", { name: x.next }).click();
    await expect(page.getByText(x.nameRequired)).toBeVisible();
    await expectAxeClean(page);
    await page.getByLabel(x.name).fill("Grace Brewster Hopper");
    await page.getByRole("button", { name: x.next }).click();

    await page.getByLabel(x.emailLabel).fill(email);
    await page.getByLabel(x.password, { exact: true }).fill(PASSWORD);
    await expectAxeClean(page);
    await page.getByRole("button", { name: x.create }).click();

    await expect(page.getByRole("heading", { name: x.verifyHeading })).toBeVisible();
    await expect(page.getByRole("button", { name: x.verify })).toBeDisabled();
    await expectAxeClean(page);
    const code = await codeFromMail(email, x.subject);
    await typeCode(page, code.slice(0, 3));
    await expect(page.getByText(x.incomplete)).toBeVisible();
    await expect(page.getByRole("button", { name: x.verify })).toBeDisabled();
    // The sixth digit sends the code; a wrong one empties the boxes and puts the cursor in the first.
    await typeCode(page, code === "000000" ? "111111" : "000000");
    await expect(page.getByRole("alert")).toHaveText(x.invalid);
    const first = page.getByRole("textbox", { name: new RegExp(`^${lang === "de" ? "Ziffer" : "Digit"} 1 `) });
    await expect(first).toBeFocused();
    for (const box of await page.getByRole("textbox").all()) await expect(box).toHaveValue("");

    await page.keyboard.type(code);
    await expect(page).toHaveURL(`/${lang}/dashboard`);
    await expect(page.getByText(email)).toBeVisible();
  });

  test(`a pro signs up with a team and arrives at the payment step (${lang})`, async ({ page }) => {
    test.slow();
    const email = uniqueEmail(`pro-${lang}`);
    await page.goto(`/${lang}/sign-up`);
    await page.getByRole("radio", { name: new RegExp(`^${x.pro}`) }).check();
    await page.getByRole("button", { name: x.next }).click();
    await expect(page.getByText(x.teamRequired)).toBeVisible();
    await expectAxeClean(page);
    // Switching to individual clears the team name.
    await page.getByLabel(x.teamName).fill("Discarded");
    await page.getByRole("radio", { name: new RegExp(`^${x.individual}`) }).check();
    await page.getByRole("radio", { name: new RegExp(`^${x.pro}`) }).check();
    await expect(page.getByLabel(x.teamName)).toHaveValue("");
    await page.getByLabel(x.teamName).fill("Analytical Engines");
    await agreeToTerms(page, lang);
    await page.getByRole("button", { name: x.next }).click();
    await page.getByRole("button", { name: x.email }).click();
    await page.getByLabel(x.name).fill("Charles Babbage");
    await page.getByRole("button", { name: x.next }).click();
    await page.getByLabel(x.emailLabel).fill(email);
    await page.getByLabel(x.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: x.create }).click();
    const code = await codeFromMail(email, x.subject);
    await typeCode(page, code);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");
    await expect(page).toHaveURL(`/${lang}/sign-up`);
    await expectAxeClean(page);

    // Back from payment shows the address as confirmed, not an empty code form; Forward returns.
    await page.getByRole("button", { name: x.back, exact: true }).click();
    await expect(page.getByRole("heading", { name: x.verified })).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expectAxeClean(page);
    await page.goForward();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");
    await page.goBack();
    await page.getByRole("button", { name: x.continue }).click();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");

    // The team exists with the new user as its admin.
    const orgs = await (await page.request.get("/api/auth/organization/list")).json();
    expect(orgs.map((o: { name: string }) => o.name)).toEqual(["Analytical Engines"]);
  });

  test(`a password the service refuses gets a translated error and nothing is lost (${lang})`, async ({ page }) => {
    const email = uniqueEmail(`short-${lang}`);
    await page.goto(`/${lang}/sign-up`);
    await agreeToTerms(page, lang);
    await page.getByRole("button", { name: x.next }).click();
    await page.getByRole("button", { name: x.email }).click();
    await page.getByLabel(x.name).fill("Short Password");
    await page.getByRole("button", { name: x.next }).click();
    await page.getByRole("button", { name: x.create }).click();
    await expect(page.getByText(x.credentialsRequired)).toHaveCount(2);
    await page.getByLabel(x.emailLabel).fill(email);
    await page.getByLabel(x.password, { exact: true }).fill("short");
    await page.getByRole("button", { name: x.create }).click();
    await expect(page.getByRole("alert")).toHaveText(x.tooShort);
    await expect(page.getByLabel(x.emailLabel)).toHaveValue(email);
    await expect(page.getByLabel(x.password, { exact: true })).toHaveValue("short");
  });

  test(`each step is a history entry, a reload keeps the step and all but the password, leaving asks and forgets (${lang}) @phone`, async ({
    page,
  }) => {
    const email = uniqueEmail(`history-${lang}`);
    const progress = page.getByRole("progressbar");
    await page.goto(`/${lang}/sign-in`);
    await page.getByRole("link", { name: x.signUpLink, exact: true }).click();
    await expect(progress).toHaveAttribute("aria-valuenow", "1");
    await page.getByRole("radio", { name: new RegExp(`^${x.pro}`) }).check();
    // Pro's path ends with payment: six steps.
    await expect(progress).toHaveAttribute("aria-valuemax", "6");
    await expect(page.getByText(x.stepOne(6))).toBeVisible();
    await page.getByLabel(x.teamName).fill("History Crew");
    await agreeToTerms(page, lang);
    await page.getByRole("button", { name: x.next }).click();
    await page.getByRole("button", { name: x.email }).click();
    await expect(page.getByLabel(x.name)).toBeFocused();
    await page.getByLabel(x.name).fill("Hedy Lamarr");
    await page.getByRole("button", { name: x.next }).click();
    await expect(page.getByLabel(x.emailLabel)).toBeFocused();
    await page.getByLabel(x.emailLabel).fill(email);
    await page.getByLabel(x.password, { exact: true }).fill(PASSWORD);
    await expect(page).toHaveURL(`/${lang}/sign-up`);

    await page.goBack();
    await expect(progress).toHaveAttribute("aria-valuenow", "3");
    await expect(page.getByLabel(x.name)).toHaveValue("Hedy Lamarr");
    await expect(page.getByLabel(x.name)).toBeFocused();
    await page.goForward();
    await expect(progress).toHaveAttribute("aria-valuenow", "4");
    await expect(page.getByLabel(x.emailLabel)).toHaveValue(email);

    await page.reload();
    await expect(progress).toHaveAttribute("aria-valuenow", "4");
    await expect(page.getByLabel(x.emailLabel)).toHaveValue(email);
    await expect(page.getByLabel(x.password, { exact: true })).toHaveValue("");
    const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(stored).toContain(email);
    expect(stored).not.toContain(PASSWORD);
    await expectAxeClean(page);

    await page.goBack();
    await page.goBack();
    await expect(progress).toHaveAttribute("aria-valuenow", "2");
    await page.goBack();
    await expect(progress).toHaveAttribute("aria-valuenow", "1");
    await expect(page.getByRole("radio", { name: new RegExp(`^${x.pro}`) })).toBeChecked();
    await expect(page.getByLabel(x.teamName)).toHaveValue("History Crew");
    await expect(page.getByRole("radio", { name: new RegExp(`^${x.pro}`) })).toBeFocused();

    // Leaving the wizard still asks first, and leaving forgets what was entered.
    await page.getByRole("button", { name: lang === "de" ? "Zurück zur Startseite" : "Back to home" }).click();
    const dialog = page.getByRole("dialog", { name: x.leave });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: x.stay }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(x.teamName)).toHaveValue("History Crew");
    await page.getByRole("button", { name: lang === "de" ? "Zurück zur Startseite" : "Back to home" }).click();
    await dialog.getByRole("button", { name: lang === "de" ? "Verlassen" : "Leave" }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/?$`));
    expect(await page.evaluate(() => sessionStorage.getItem("signUpWizard"))).toBeNull();
  });
}

for (const [lang, title, plan] of [
  ["en", "Choose your plan", "Free"],
  ["de", "Wählen Sie Ihren Tarif", "Free"],
] as const) {
  test(`the plan step is in the page itself and paints before the session is known (${lang}) @phone`, async ({ page, request }) => {
    // The served HTML already holds the first step's form, not a spinner.
    const html = await (await request.get(`/${lang}/sign-up`)).text();
    expect(html).toContain(title);
    expect(html).toContain('name="planType"');
    // With the session read held back, the form shows and no spinner does.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/get-session*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/${lang}/sign-up`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(`^${plan}`) })).toBeChecked();
    await expect(page.getByRole("status")).toHaveCount(0);
    release();
    await agreeToTerms(page, lang);
    await page.getByRole("button", { name: lang === "de" ? "Weiter" : "Next" }).click();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
  });
}

test("back moves one step at a time and keeps what was entered", async ({ page }) => {
  await page.goto("/en/sign-up");
  await agreeToTerms(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "4");
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page.getByLabel("Full name")).toHaveValue("Ada Lovelace");
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
});

test("the back-to-home button asks before leaving", async ({ page }) => {
  await page.goto("/de/sign-up");
  await page.getByRole("button", { name: "Zurück zur Startseite" }).click();
  const dialog = page.getByRole("dialog", { name: "Registrierung verlassen?" });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Bleiben" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/de/sign-up");
  await page.getByRole("button", { name: "Zurück zur Startseite" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Verlassen" }).click();
  await expect(page).toHaveURL(/\/de\/?$/);
});

test("the terms and privacy links open the texts in a dialog", async ({ page }) => {
  await page.goto("/en/sign-up");
  await page.getByRole("link", { name: "Terms of Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Terms of Service" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: /Read the full text/ })).toHaveAttribute("href", "/en/terms");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("dialog", { name: "Privacy Policy" })).toBeVisible();
});

test("the whole wizard can be completed with the keyboard alone", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("keys");
  await page.goto("/en/sign-up");
  // Tab from the top of the page to the plan choice.
  const individual = page.getByRole("radio", { name: /^Free/ });
  for (let i = 0; i < 6 && !(await individual.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(individual).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /^Pro/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Team name")).toBeFocused();
  await page.keyboard.type("Keyboard Crew");
  // The agreement to the terms follows the team name; Space ticks it.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: /^I agree/ })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  // Welcome: Tab reaches the e-mail button after Google.
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeFocused();
  // The Google button appears once the server has said Google is offered.
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Continue with e-mail" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Full name")).toBeFocused();
  await page.keyboard.type("Kay Board");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  // Each step with fields puts the cursor in its first one; the sixth digit sends the code.
  await expect(page.getByRole("textbox", { name: "Digit 1 of 6" })).toBeFocused();
  const code = await codeFromMail(email);
  await page.keyboard.type(code);
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");
});

test("a pasted code fills the boxes, and a whole one is sent at once", async ({ page, context }) => {
  const email = uniqueEmail("paste");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/en/sign-up");
  await agreeToTerms(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  await page.getByLabel("Full name").fill("Paste Test");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  const code = await codeFromMail(email);
  const box = (n: number) => page.getByRole("textbox", { name: `Digit ${n} of 6` });
  await expect(box(1)).toHaveAttribute("autocomplete", "one-time-code");
  await expect(box(1)).toHaveAttribute("inputmode", "numeric");
  await box(1).focus();
  await page.evaluate((text) => navigator.clipboard.writeText(text), code.slice(0, 5));
  await page.keyboard.press("ControlOrMeta+V");
  for (let i = 0; i < 5; i++) await expect(box(i + 1)).toHaveValue(code[i] as string);
  // Backspace on an empty box clears the previous one.
  await expect(box(6)).toBeFocused();
  await page.keyboard.press("Backspace");
  await expect(box(5)).toHaveValue("");
  await expect(box(5)).toBeFocused();
  await box(1).focus();
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.keyboard.press("ControlOrMeta+V");
  await expect(page).toHaveURL("/en/dashboard");
});

test("resend waits out its cooldown and sends a new code", async ({ page }) => {
  await page.clock.install();
  const email = uniqueEmail("resend");
  await page.goto("/en/sign-up");
  await agreeToTerms(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  await page.getByLabel("Full name").fill("Re Send");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("button", { name: /Resend code in \d+ s/ })).toBeDisabled();
  await codeFromMail(email);
  await page.clock.fastForward(31_000);
  await page.getByRole("button", { name: "Resend code" }).click();
  await expect(page.getByText("We sent you a new code.")).toBeVisible();
  const codes = await (await fetch(`${process.env.E2E_MAILBOX_URL}/?to=${encodeURIComponent(email)}`)).json();
  expect(codes).toHaveLength(2);
  const fresh = await codeFromMail(email);
  await typeCode(page, fresh);
  await expect(page).toHaveURL("/en/dashboard");
});

test("a signed-in pro user opening the wizard goes straight to payment", async ({ page }) => {
  await createVerifiedAccount(page.request, { planType: "pro", teamName: "Already Here" });
  await page.goto("/en/sign-up");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");
});

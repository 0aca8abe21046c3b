import { createVerifiedAccount } from "./accounts-support";
import { createUser, openDashboard, setSubscription, signInBrowser, startCheckoutApi } from "./dashboard-support";
import { axeViolations, expect, test } from "./fixtures";
import { snapshot } from "./snapshot";

test.describe("dashboard subscription", () => {
  // Each test signs users up (password hashing) and checks accessibility: generous on a busy machine.
  test.describe.configure({ timeout: 240_000 });

  test("a pro sign-up's checkout starts a 30-day trial; the dashboard shows Pro, Manage subscription and the team @phone", async ({
    page,
    context,
  }) => {
    const user = await createUser("Ada Lovelace");
    await signInBrowser(context, user);
    // What the sign-up's payment step does: a checkout with the team name, then the provider's page.
    const checkoutUrl = await startCheckoutApi(user, "Analytical Engines");
    await page.goto(checkoutUrl);
    await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
    await expect(page.getByText("takes no payment")).toBeVisible();
    await expect(page.getByText("Analytical Engines")).toBeVisible();
    // What Pro costs once the trial has ended, as on the pricing card.
    await expect(page.getByRole("term").filter({ hasText: "After the trial" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "€39 per user / month, plus VAT" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "local-checkout-en");
    await page.getByRole("button", { name: "Start 30-day trial" }).click();

    await expect(page).toHaveURL(/\/en\/dashboard\?checkout=success$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada!" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your 30-day trial has started" })).toContainText("30 days left in your trial");
    const yourTeams = page.getByRole("region", { name: "Your Teams" });
    await expect(yourTeams.getByText("Analytical Engines")).toBeVisible();
    await expect(page.getByRole("region", { name: "Switch to Pro" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Your trial is ending" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Ada Lovelace" })).toContainText("Pro");
    await expect(yourTeams.getByRole("button", { name: "Create New" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "dashboard-pro-en");

    await page.getByRole("button", { name: "Ada Lovelace" }).click();
    await snapshot(page, "dashboard-user-menu-en");
    await page.getByRole("button", { name: "Manage subscription" }).click();
    await expect(page).toHaveURL(/\/en\/local-payments\/billing$/);
    await expect(page.getByText("Free trial", { exact: true })).toBeVisible();
    // Going back is the page's main action, filled in the accent colour; cancelling is a quiet button after it.
    const background = (name: string, role: "link" | "button") =>
      page.getByRole(role, { name }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background("Back to the dashboard", "link")).toBe("rgb(29, 78, 216)");
    expect(await background("Cancel subscription", "button")).toBe("rgb(255, 255, 255)");
    // Cancelling asks first; keeping the subscription changes nothing.
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    expect(await background("Keep subscription", "link")).toBe("rgb(29, 78, 216)");
    expect(await background("Yes, cancel subscription", "button")).toBe("rgb(255, 255, 255)");
    await expect(page.getByRole("heading", { name: "Cancel your subscription?" })).toBeVisible();
    await expect(page.getByText(/Pro stays active until/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "local-cancel-confirm-en");
    await page.getByRole("link", { name: "Keep subscription" }).click();
    await expect(page.getByText("Free trial", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
    await expect(page.getByText("Canceled, active until the end of the period")).toBeVisible();
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page.getByText(/Your subscription is canceled and stays active until/)).toBeVisible();
  });

  for (const [lang, x] of [
    [
      "en",
      {
        start: "Start 30-day trial",
        confirm: "Start 30-day trial",
        yours: "Your Teams",
        price: "€39 per user / month, plus VAT",
        switchToPro: "Switch to Pro",
        pending: "Your Pro account is pending payment",
        started: "Your 30-day trial has started",
        daysLeft: "30 days left in your trial",
        manage: "Manage subscription",
        cancel: "Cancel subscription",
        confirmCancel: "Yes, cancel subscription",
        canceled: "Canceled, active until the end of the period",
      },
    ],
    [
      "de",
      {
        start: "30-Tage-Testphase starten",
        confirm: "30-Tage-Testphase starten",
        yours: "Ihre Teams",
        price: "39 € pro Nutzer / Monat, zzgl. MwSt.",
        switchToPro: "Zu Pro wechseln",
        pending: "Ihr Pro-Konto wartet auf die Zahlung",
        started: "Ihre 30-tägige Testphase hat begonnen",
        daysLeft: "Noch 30 Tage in Ihrer Testphase",
        manage: "Abonnement verwalten",
        cancel: "Abonnement kündigen",
        confirmCancel: "Ja, Abonnement kündigen",
        canceled: "Gekündigt, aktiv bis zum Ende des Zeitraums",
      },
    ],
  ] as const) {
    test(`a pro sign-up starts its trial from the payment step and arrives as Pro with its team (${lang}) @phone`, async ({ page }) => {
      await createVerifiedAccount(page.request, { name: "Charles Babbage", planType: "pro", teamName: "Difference Engines", locale: lang });
      // Chosen Pro, not paid yet: the dashboard says the Pro account waits for its payment.
      await page.goto(`/${lang}/dashboard`);
      await expect(page.getByRole("region", { name: x.switchToPro })).toContainText(x.pending);
      await page.goto(`/${lang}/sign-up`);
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");
      await expect(page.getByText("Difference Engines")).toBeVisible();
      // The price after the trial is stated before the trial starts.
      await expect(page.getByText(x.price)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `payment-step-${lang}`);
      await page.getByRole("button", { name: x.start }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/local-payments/checkout/cs_local_`));
      await page.getByRole("button", { name: x.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard\\?checkout=success$`));
      const yours = page.getByRole("region", { name: x.yours });
      await expect(yours.getByText("Difference Engines")).toHaveCount(1, { timeout: 60_000 });
      await expect(page.getByRole("button", { name: "Charles Babbage" })).toContainText("Pro");
      await expect(page.getByRole("region", { name: x.started })).toContainText(x.daysLeft);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `dashboard-trial-started-${lang}`);

      await page.getByRole("button", { name: "Charles Babbage" }).click();
      await page.getByRole("button", { name: x.manage }).click();
      await page.getByRole("button", { name: x.cancel }).click();
      await snapshot(page, `local-cancel-confirm-${lang}`);
      await page.getByRole("button", { name: x.confirmCancel }).click();
      await expect(page.getByText(x.canceled)).toBeVisible();
    });
  }

  for (const [lang, x] of [
    ["en", { notice: "You already have Pro", text: "is already running", trial: "Pro trial" }],
    ["de", { notice: "Sie haben Pro bereits", text: "läuft bereits", trial: "Pro-Testphase" }],
  ] as const) {
    test(`a signed-in user whose Pro trial runs goes from sign-up to the dashboard, never to a checkout (${lang}) @phone`, async ({
      page,
      context,
    }) => {
      const user = await createUser("Trial Keeper");
      await setSubscription(user, { status: "trialing", trialDays: 19.5 });
      await signInBrowser(context, user);
      // The landing page's "Start for free" and the pricing cards open the wizard, with a plan or without.
      for (const path of [`/${lang}/sign-up?plan=pro`, `/${lang}/sign-up`]) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
        const notice = page.getByRole("region", { name: x.notice });
        await expect(notice).toContainText(x.text);
        await expect(page.getByRole("progressbar")).toHaveCount(0);
      }
      // The trial is untouched.
      await expect(page.getByRole("region", { name: x.trial })).toContainText("20");
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `dashboard-notice-subscription-running-${lang}`);
    });
  }

  test("a Free user sees Switch to Pro with the price after the trial and the upgrade texts, in German too @phone", async ({
    page,
    context,
  }) => {
    const user = await createUser("Grace Hopper");
    await signInBrowser(context, user);
    await openDashboard(page);
    const banner = page.getByRole("region", { name: "Switch to Pro" });
    // An upgrade offer with its price; "pending payment" is only for who chose Pro.
    await expect(banner).toContainText("Create teams and use every Pro feature. 30 days free, then €39 per user / month, plus VAT");
    await expect(banner).not.toContainText("pending payment");
    // Informational, not a payment warning: no alert, and a cool (not amber or red) background.
    await expect(banner.getByRole("alert")).toHaveCount(0);
    const [red = 0, , blue = 0] = (await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)?.map(Number) ?? [
      0, 0, 0,
    ];
    expect(blue).toBeGreaterThanOrEqual(red);
    await expect(page.getByText("You haven't created any teams yet")).toBeVisible();
    await expect(page.getByText("Upgrade to Pro to create teams")).toBeVisible();
    await expect(page.getByText("You have not been invited to any teams yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create New" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create a Team" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Download the Plugin/ })).toHaveAttribute("target", "_blank");
    const footer = page.getByRole("contentinfo");
    // The site's one copyright line (decision 119).
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Example Recruiting Software GmbH. All rights reserved.`);
    for (const name of ["Terms of service", "Privacy policy", "Legal notice", "Home"])
      await expect(footer.getByRole("link", { name })).toBeVisible();
    await expect(footer.getByRole("button", { name: "Cookie settings" })).toBeVisible();
    await expect(footer).toContainText("Powered by");
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "dashboard-individual-en");

    await openDashboard(page, "de");
    await expect(page.getByRole("heading", { level: 1, name: "Willkommen, Grace!" })).toBeVisible();
    // The dashboard's header switches language like the account's and the console's.
    await expect(page.getByRole("banner").getByRole("link", { name: "English" })).toHaveAttribute("href", "/en/dashboard");
    const bannerDe = page.getByRole("region", { name: "Zu Pro wechseln" });
    await expect(bannerDe).toContainText("30 Tage kostenlos, danach 39 € pro Nutzer / Monat");
    await expect(bannerDe).not.toContainText("wartet auf die Zahlung");
    await expect(page.getByText("Wechseln Sie zu Pro, um Teams zu erstellen")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "dashboard-individual-de");

    await page.getByRole("button", { name: "Pro testen" }).click();
    await expect(page).toHaveURL(/\/de\/local-payments\/checkout\/cs_local_/);
    await expect(page.getByText("es wird keine Zahlung eingezogen")).toBeVisible();
    // The checkout states what Pro costs after the trial.
    await expect(page.getByRole("definition").filter({ hasText: "39 € pro Nutzer / Monat, zzgl. MwSt." })).toBeVisible();
    await snapshot(page, "local-checkout-de");
  });

  for (const [days, text] of [
    [7, "Your free Pro trial ends in 7 days. Pro then continues as a paid subscription"],
    [3, "Your trial ends in 3 days."],
    [1, "Your trial ends in 1 day."],
  ] as const) {
    test(`the trial-ending banner at ${days} days left @phone`, async ({ page, context }) => {
      const user = await createUser("Trial User");
      await setSubscription(user, { status: "trialing", trialDays: days - 0.01 });
      await signInBrowser(context, user);
      await openDashboard(page);
      const banner = page.getByRole("region", { name: "Your trial is ending" });
      await expect(banner).toContainText(text);
      await expect(page.getByRole("region", { name: "Switch to Pro" })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `dashboard-trial-${days}-en`);
      // The trial turns into the paid subscription by itself: the banner leads to the billing page, never a second checkout.
      await banner.getByRole("button", { name: "Manage subscription" }).click();
      await expect(page).toHaveURL(/\/en\/local-payments\/billing$/);
      await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
    });
  }

  test("a running trial says how many days are left, in both languages @phone", async ({ page, context }) => {
    const user = await createUser("Trial Runner");
    await setSubscription(user, { status: "trialing", trialDays: 19.5 });
    await signInBrowser(context, user);
    await openDashboard(page);
    await expect(page.getByRole("region", { name: "Pro trial" })).toContainText("20 days left in your trial, until");
    await expect(page.getByRole("region", { name: "Your 30-day trial has started" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "dashboard-trial-running-en");
    await openDashboard(page, "de");
    await expect(page.getByRole("region", { name: "Pro-Testphase" })).toContainText("Noch 20 Tage in Ihrer Testphase, bis zum");
    await snapshot(page, "dashboard-trial-running-de");
  });

  test("the German trial-ending texts", async ({ page, context }) => {
    const user = await createUser("Testphase Nutzer");
    await setSubscription(user, { status: "trialing", trialDays: 2.5 });
    await signInBrowser(context, user);
    await openDashboard(page, "de");
    const banner = page.getByRole("region", { name: "Ihre Testphase endet bald" });
    await expect(banner).toContainText("Ihre Testphase endet in 3 Tagen.");
    await expect(banner.getByRole("button", { name: "Abonnement verwalten" })).toBeVisible();
    await snapshot(page, "dashboard-trial-3-de");
  });

  test("the incomplete-payment banner opens the billing page @phone", async ({ page, context }) => {
    const user = await createUser("Late Payer");
    await setSubscription(user, { status: "incomplete" });
    await signInBrowser(context, user);
    await openDashboard(page);
    const banner = page.getByRole("region", { name: "Incomplete payment" });
    await expect(banner).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "dashboard-incomplete-en");
    await openDashboard(page, "de");
    await expect(page.getByRole("region", { name: "Zahlung unvollständig" })).toBeVisible();
    await snapshot(page, "dashboard-incomplete-de");
    await page.getByRole("button", { name: "Zahlungsdaten aktualisieren" }).click();
    await expect(page).toHaveURL(/\/de\/local-payments\/billing$/);
  });

  test("a visitor without a session goes to sign-in", async ({ page }) => {
    await page.goto("/en/dashboard");
    await expect(page).toHaveURL(/\/en\/sign-in$/);
  });
});

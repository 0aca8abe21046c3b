import { expect as baseExpect, type Page } from "@playwright/test";
import { axeViolations, test as base, expect, interactiveNavigation, mailsTo } from "./fixtures";
import { snapshot } from "./snapshot";

/**
 * The error-state tests make the browser log failed requests to /api/send-contact on purpose;
 * every other console error still fails the test.
 */
const test = base.extend<{ pageErrors: string[] }>({
  // Overrides the automatic fixture of ./fixtures, so it still runs for every test.
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      if (m.text().startsWith("Failed to load resource") && m.location().url.endsWith("/api/send-contact")) return;
      errors.push(`${m.text()} (${m.location().url})`);
    });
    await use(errors);
    baseExpect(errors, "console or page errors").toEqual([]);
  },
});

const TEXT = {
  en: {
    form: "Contact form",
    name: "Name",
    email: "E-mail",
    company: /Company/,
    message: /^Message/,
    noLinks: "Please leave out links and e-mail addresses",
    send: "Send message",
    sending: "Sending…",
    nameError: "Please enter your name (at least 2 characters)",
    emailError: "Please enter a valid email address",
    thanks: (name: string) => `Thank you, ${name}!`,
    highlight: "Your message is on its way.",
    confirmation: "We have received your message",
    serverMessage: "Send the request body as JSON",
    failed: "Failed to submit form",
    network: "We could not reach the server. Please check your connection and try again.",
    checked: "Checked: you are not a bot",
  },
  de: {
    form: "Kontaktformular",
    name: "Name",
    email: "E-Mail",
    company: /Unternehmen/,
    message: /^Nachricht/,
    noLinks: "Bitte lassen Sie Links und E-Mail-Adressen weg",
    send: "Nachricht senden",
    sending: "Wird gesendet…",
    nameError: "Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen)",
    emailError: "Bitte geben Sie eine gültige E-Mail-Adresse ein",
    thanks: (name: string) => `Vielen Dank, ${name}!`,
    highlight: "Ihre Nachricht ist unterwegs.",
    confirmation: "Wir haben Ihre Nachricht erhalten",
    serverMessage: "Senden Sie die Anfrage als JSON",
    failed: "Das Formular konnte nicht gesendet werden",
    network: "Wir konnten den Server nicht erreichen. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
    checked: "Geprüft: Sie sind kein Bot",
  },
} as const;

async function openForm(page: Page, lang: "en" | "de") {
  await page.goto(`/${lang}#contact`);
  const form = page.getByRole("form", { name: TEXT[lang].form });
  await expect(form).toBeVisible();
  return form;
}

for (const lang of ["en", "de"] as const) {
  const tx = TEXT[lang];

  test.describe(`contact form in ${lang}`, () => {
    test(`validates, shows the processing state, then thanks the sender who gets a confirmation @phone`, async ({ page }, info) => {
      // Two accessibility checks of the whole landing page and two mails to wait for.
      test.setTimeout(120_000);
      const email = `visitor-${lang}-${info.project.name}-${Date.now()}@example.com`;
      const form = await openForm(page, lang);
      const name = form.getByLabel(tx.name);
      const emailInput = form.getByLabel(tx.email);

      await name.fill("A");
      await expect(page.getByText(tx.nameError)).toHaveCount(0); // nothing is checked before the first submit
      await form.getByRole("button", { name: tx.send }).click();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription(tx.nameError);
      await expect(emailInput).toHaveAccessibleDescription(tx.emailError);
      await expect(name).toHaveCSS("border-color", /^oklch\(0\.577 0\.245 27/); // red-600
      await expect(name).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);

      await name.fill("Ada Lovelace");
      await expect(name).not.toHaveAttribute("aria-invalid");
      await expect(page.getByText(tx.nameError)).toHaveCount(0);
      await emailInput.fill(email);
      await expect(page.getByText(tx.emailError)).toHaveCount(0);
      await form.getByLabel(tx.company).fill("Analytical Engines & Co");
      await form.getByRole("textbox", { name: tx.message }).fill("Could you show us a demo?\nThanks!");
      // The proof of work solved by itself once the form was touched; its checkbox is labelled and reachable.
      await expect(form.getByText(tx.checked)).toBeVisible({ timeout: 40_000 });
      await expect(form.getByRole("checkbox")).toBeChecked();
      await snapshot(page, `contact-bot-check-${lang}`, { fullPage: false });

      // Hold the request until the processing state has been seen; the real server then answers.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/send-contact", async (route) => {
        await held;
        await route.continue();
      });
      await form.getByRole("button", { name: tx.send }).click();
      const busy = page.getByRole("button", { name: tx.sending });
      await expect(busy).toBeDisabled();
      release();

      const thanks = page.getByRole("heading", { name: tx.thanks("Ada Lovelace") });
      await expect(thanks).toBeVisible();
      await expect(thanks).toBeFocused();
      await expect(page.getByText(tx.highlight)).toBeVisible();
      await expect(form).toHaveCount(0);
      // Contrast is judged on the settled confirmation, not on text still fading in.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      expect(await axeViolations(page)).toEqual([]);

      await expect.poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 20_000 }).toEqual([tx.confirmation]);
      await expect
        .poll(async () => (await mailsTo("contact@localhost")).filter((m) => m.text.includes(email)).length, { timeout: 20_000 })
        .toBe(1);
      // The message reaches the team only.
      const [team] = (await mailsTo("contact@localhost")).filter((m) => m.text.includes(email));
      expect(team?.text).toContain("Could you show us a demo?\nThanks!");
      expect((await mailsTo(email))[0]?.text).not.toContain("demo");
    });

    test("offers a labelled message textarea and refuses a link in the name", async ({ page }) => {
      const form = await openForm(page, lang);
      const message = form.getByRole("textbox", { name: tx.message });
      await expect(message).toBeVisible();
      expect(await message.evaluate((el) => el.tagName)).toBe("TEXTAREA");
      const name = form.getByLabel(tx.name);
      await name.fill("You won! Claim at https://evil.example/claim");
      await form.getByLabel(tx.email).fill("victim@example.com");
      await form.getByRole("button", { name: tx.send }).click();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription(tx.noLinks);
      await expect(name).toBeFocused();
    });

    test("shows the server's message in a banner and clears it when sent again", async ({ page }, info) => {
      const form = await openForm(page, lang);
      await form.getByLabel(tx.name).fill("Grace Hopper");
      await form.getByLabel(tx.email).fill(`grace-${lang}-${info.project.name}-${Date.now()}@example.com`);
      // The request reaches the real server with a content type it refuses; the banner shows its answer.
      await page.route("**/api/send-contact", (route) =>
        route.continue({ headers: { ...route.request().headers(), "content-type": "text/plain" } }),
      );
      await form.getByRole("button", { name: tx.send }).click();
      const banner = page.getByRole("alert");
      await expect(banner).toHaveText(tx.serverMessage);
      await expect(form.getByLabel(tx.name)).toHaveValue("Grace Hopper");
      expect(await axeViolations(page)).toEqual([]);

      await page.unroute("**/api/send-contact");
      await form.getByRole("button", { name: tx.send }).click();
      await expect(page.getByRole("heading", { name: tx.thanks("Grace Hopper") })).toBeVisible();
      await expect(banner).toHaveCount(0);
    });

    test("falls back to a generic message, and reports a network failure", async ({ page }) => {
      const form = await openForm(page, lang);
      await form.getByLabel(tx.name).fill("Alan Turing");
      await form.getByLabel(tx.email).fill("alan@example.com");

      await page.route("**/api/send-contact", (route) =>
        route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
      );
      await form.getByRole("button", { name: tx.send }).click();
      await expect(page.getByRole("alert")).toHaveText(tx.failed);

      await page.unroute("**/api/send-contact");
      await page.route("**/api/send-contact", (route) => route.abort("internetdisconnected"));
      await form.getByRole("button", { name: tx.send }).click();
      await expect(page.getByRole("alert")).toHaveText(tx.network);
      await expect(form.getByRole("button", { name: tx.send })).toBeEnabled();
    });
  });
}

test("the confirmation appears in stages, and without motion when the visitor prefers less", async ({ browser }) => {
  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = interactiveNavigation(await context.newPage());
    const form = await openForm(page, "en");
    await form.getByLabel("Name").fill("Motion Test");
    await form.getByLabel("E-mail").fill("motion@example.com");
    await form.getByRole("button", { name: "Send message" }).click();
    const heading = page.getByRole("heading", { name: "Thank you, Motion Test!" });
    await expect(heading).toBeVisible();
    const message = page.getByText("We have sent you a confirmation");
    const style = (locator: typeof heading) =>
      locator.evaluate((el) => ({ name: getComputedStyle(el).animationName, delay: getComputedStyle(el).animationDelay }));
    if (reducedMotion === "reduce") {
      expect(await style(heading)).toMatchObject({ name: "none" });
      expect(await style(message)).toMatchObject({ name: "none" });
    } else {
      expect(await style(heading)).toEqual({ name: "contact-rise", delay: "0.2s" });
      expect(await style(message)).toEqual({ name: "contact-rise", delay: "0.7s" });
    }
    await context.close();
  }
});

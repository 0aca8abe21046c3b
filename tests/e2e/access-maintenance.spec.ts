import { axeViolations, test as base, expect } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";

const texts = {
  en: {
    message:
      "We are carrying out maintenance. Signing in, signing up and the account area will be back shortly; the website stays available.",
    email: "E-mail",
    submit: "Sign in",
    title: "Down for maintenance",
    website: "Back to the website",
  },
  de: {
    message:
      "Wir führen gerade Wartungsarbeiten durch. Anmeldung, Registrierung und Kontobereich sind in Kürze wieder verfügbar; die Website bleibt erreichbar.",
    email: "E-Mail",
    submit: "Anmelden",
    title: "Wartungsarbeiten",
    website: "Zurück zur Website",
  },
} as const;

/**
 * The shared `test`, except that the browser's "Failed to load resource" notice for the 503
 * answers of the identity API is expected here: they are what this spec is about.
 */
const test = base.extend({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      if (/status of 503/.test(m.text()) && new URL(m.location().url).pathname.startsWith("/api/auth/")) return;
      errors.push(`${m.text()} (${m.location().url})`);
    });
    await use(errors);
    expect(errors, "console or page errors").toEqual([]);
  },
});

// Two pages with an accessibility check each, on a second server.
// The tests of this file share its own server: in parallel mode each test would start one for itself.
test.describe.configure({ mode: "default", timeout: 120_000 });

let server: OwnServer;
test.beforeAll(async () => {
  // A fresh embedded database is created and migrated first.
  test.setTimeout(240_000);
  server = await startOwnServer({ MAINTENANCE: "1" });
});
test.afterAll(() => server?.stop());

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];

  test(`in maintenance, sign-in and the dashboard say so and the landing page stays up (${lang}) @phone`, async ({ page }) => {
    await page.goto(`${server.url}/${lang}/sign-in`);
    await expect(page.getByRole("alert").filter({ hasText: x.message })).toBeVisible();
    // Nothing to submit: the notice takes the form's place.
    await expect(page.getByLabel(x.email)).toHaveCount(0);
    await expect(page.getByRole("button", { name: x.submit, exact: true })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${server.url}/${lang}/dashboard`);
    await expect(page.getByRole("alert")).toHaveText(new RegExp(x.message.replace(/[.;]/g, "\\$&")));
    await expect(page).toHaveURL(`${server.url}/${lang}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: x.title })).toBeVisible();
    // The header keeps the logo and a way to the website.
    await expect(page.getByRole("banner").getByRole("link", { name: "Recruiting CRM" })).toHaveAttribute("href", `/${lang}`);
    await page.getByRole("banner").getByRole("link", { name: x.website }).click();
    await expect(page).toHaveURL(`${server.url}/${lang}`);
    await page.goBack();
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const landing = await page.goto(`${server.url}/${lang}`);
    expect(landing?.status()).toBe(200);
    await expect(page.getByRole("main")).toBeVisible();
  });
}

import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { request as apiRequest } from "@playwright/test";
import { createVerifiedAccount, PASSWORD, uniqueEmail } from "./accounts-support";
import { axeViolations, codeFromMail, expect, mailsTo, test } from "./fixtures";
import { startOwnServer } from "./own-server";
import { snapshot } from "./snapshot";

const texts = {
  en: {
    heading: "Your data",
    button: "Download my data",
    sent: "will mail a download link to",
    subject: "Your Recruiting CRM data is ready",
    ready: "Your data is ready",
    download: "Download my data (JSON file)",
    what: "downloads one file (JSON) with everything we store about you",
    done: "Your data has been downloaded",
    used: "This link has already been used",
    expired: "This link has expired",
    invalid: "This link does not work",
    newCopy: "Request a new copy",
  },
  de: {
    heading: "Ihre Daten",
    button: "Meine Daten herunterladen",
    sent: "einen Download-Link an",
    subject: "Ihre Daten bei Recruiting CRM stehen bereit",
    ready: "Ihre Daten stehen bereit",
    download: "Meine Daten herunterladen (JSON-Datei)",
    what: "lädt eine Datei (JSON) mit allem herunter, was wir über Sie speichern",
    done: "Ihre Daten wurden heruntergeladen",
    used: "Dieser Link wurde bereits verwendet",
    expired: "Dieser Link ist abgelaufen",
    invalid: "Dieser Link funktioniert nicht",
    newCopy: "Neue Kopie anfordern",
  },
};

/**
 * Takes the browser's "Failed to load resource" notices for the link checks this test expects to be
 * refused (the page shows them) out of the errors that fail a test, and checks there were that many.
 */
function expectRefusedChecks(pageErrors: string[], status: number, count: number) {
  const refused = pageErrors.filter((e) => e.includes(`status of ${status}`) && e.includes("/api/data-export/check"));
  expect(refused).toHaveLength(count);
  for (const e of refused) pageErrors.splice(pageErrors.indexOf(e), 1);
}

/** The link of the data export mail to `email`, once the export is ready and mailed. */
async function linkFromMail(email: string, lang: "en" | "de"): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).find((m) => m.subject === texts[lang].subject);
        link = new RegExp(`https?://\\S+/${lang}/account/data-export\\?token=[A-Za-z0-9_-]+`).exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 40_000 },
    )
    .toBeTruthy();
  return link;
}

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];
  test(`a user asks for their data on the account page and downloads it once from the mailed link's page (${lang}) @phone`, async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    const email = await createVerifiedAccount(page.request, { name: "Dana Download", locale: lang });
    await page.goto(`/${lang}/account`);
    const section = page.getByRole("region", { name: x.heading });
    await expect(section).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole("button", { name: x.button }).click();
    await expect(section.getByRole("status").filter({ hasText: x.sent })).toContainText(email);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `data-export-${lang}`);

    const { pathname, search } = new URL(await linkFromMail(email, lang));

    // Opening the link (as a mail scanner does first) shows the page and downloads nothing.
    expect((await page.request.get(pathname + search)).headers()["content-type"]).toContain("text/html");
    await page.goto(pathname + search);
    await expect(page.getByRole("heading", { level: 1, name: x.ready })).toBeVisible();
    const button = page.getByRole("button", { name: x.download });
    await expect(button).toHaveAccessibleDescription(new RegExp(x.what.replace(/[()]/g, "\\$&")));
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `data-export-link-${lang}`);

    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const archive = JSON.parse(await readFile((await download.path()) as string, "utf8"));
    expect(archive.profile).toMatchObject({ email, name: "Dana Download" });
    await expect(page.getByRole("heading", { level: 1, name: x.done })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(download.suggestedFilename());
    expect(await axeViolations(page)).toEqual([]);

    // Opened again, the link says it was used and offers a new copy, which leads to the account page.
    await page.goto(pathname + search);
    await expect(page.getByRole("heading", { level: 1, name: x.used })).toBeVisible();
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `data-export-link-used-${lang}`);
    await page.getByRole("link", { name: x.newCopy }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/account#data-export$`));
    await expect(page.getByRole("region", { name: x.heading })).toBeVisible();
    expectRefusedChecks(pageErrors, 410, 1);
  });

  test(`a data export link that names no export says so and offers a new copy (${lang}) @phone`, async ({ page, pageErrors }) => {
    await page.goto(`/${lang}/account/data-export?token=not-a-real-link-not-a-real-link`);
    await expect(page.getByRole("heading", { level: 1, name: x.invalid })).toBeVisible();
    await expect(page.getByRole("link", { name: x.newCopy })).toHaveAttribute("href", `/${lang}/account#data-export`);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `data-export-link-invalid-${lang}`);
    expectRefusedChecks(pageErrors, 404, 1);
  });

  test(`an expired data export link says so on its page and offers a new copy (${lang}) @phone`, async ({ page, pageErrors }) => {
    test.setTimeout(240_000);
    // A link works for 48 hours. Its expiry is moved into the past in the database of a server of this
    // test's own, stopped meanwhile: one process at a time opens an embedded database.
    const env = { SMTP_URL: process.env.E2E_SMTP_URL as string };
    let server = await startOwnServer(env);
    try {
      const api = await apiRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } });
      const email = uniqueEmail("expiry");
      const signUp = { name: "Emil Expiry", email, password: PASSWORD, legalConsent: true, locale: lang };
      expect((await api.post("/api/auth/sign-up/email", { data: signUp })).status()).toBe(200);
      const otp = await codeFromMail(email);
      expect((await api.post("/api/auth/email-otp/verify-email", { data: { email, otp } })).status()).toBe(200);
      expect((await api.post("/api/account/data-export")).status()).toBe(202);
      await api.dispose();
      const { pathname, search } = new URL(await linkFromMail(email, lang));

      await server.stop({ keepData: true });
      const database = await PGlite.create(path.join(server.dataDir, "pglite"), { extensions: { pg_trgm } });
      await database.query("update data_export set expires_at = now() - interval '1 minute'");
      await database.close();
      server = await startOwnServer(env, { dataDir: server.dataDir });

      await page.goto(`${server.url}${pathname}${search}`);
      await expect(page.getByRole("heading", { level: 1, name: x.expired })).toBeVisible();
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page.getByRole("link", { name: x.newCopy })).toHaveAttribute("href", `/${lang}/account#data-export`);
      await expect(page.getByRole("button", { name: x.download })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `data-export-link-expired-${lang}`);
      expectRefusedChecks(pageErrors, 410, 1);
    } finally {
      await server.stop();
    }
  });
}

import { readFile } from "node:fs/promises";
import { createVerifiedAccount } from "./accounts-support";
import { axeViolations, expect, mailsTo, test } from "./fixtures";
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

    let link = "";
    await expect
      .poll(
        async () => {
          const mail = (await mailsTo(email)).find((m) => m.subject === x.subject);
          link = new RegExp(`https?://\\S+/${lang}/account/data-export\\?token=[A-Za-z0-9_-]+`).exec(mail?.text ?? "")?.[0] ?? "";
          return link;
        },
        { timeout: 40_000 },
      )
      .toBeTruthy();
    const { pathname, search } = new URL(link);

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
}

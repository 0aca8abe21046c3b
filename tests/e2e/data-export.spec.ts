import { createVerifiedAccount } from "./accounts-support";
import { axeViolations, expect, mailsTo, test } from "./fixtures";
import { snapshot } from "./snapshot";

const texts = {
  en: {
    heading: "Your data",
    button: "Download my data",
    sent: "will mail a download link to",
    subject: "Your Recruiting CRM data is ready",
  },
  de: {
    heading: "Ihre Daten",
    button: "Meine Daten herunterladen",
    sent: "einen Download-Link an",
    subject: "Ihre Daten bei Recruiting CRM stehen bereit",
  },
};

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];
  test(`a user asks for their data on the account page and downloads it once through the mailed link (${lang}) @phone`, async ({
    page,
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
          link = /https?:\/\/\S+\/api\/data-export\/[A-Za-z0-9_-]+/.exec(mail?.text ?? "")?.[0] ?? "";
          return link;
        },
        { timeout: 40_000 },
      )
      .toBeTruthy();
    const download = await page.request.get(new URL(link).pathname);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toContain("attachment");
    const archive = await download.json();
    expect(archive.profile).toMatchObject({ email, name: "Dana Download" });
    const again = await page.request.get(new URL(link).pathname);
    expect(again.status()).toBe(404);
  });
}

import { createUser, openDashboard, signInBrowser } from "./dashboard-support";
import { expect, test } from "./fixtures";

test("the dashboard footer reopens the cookie settings without showing the banner", async ({ page, context }) => {
  const user = await createUser("Cookie Chooser");
  await signInBrowser(context, user);
  await openDashboard(page);
  await expect(page.getByRole("region", { name: "We value your privacy" })).toHaveCount(0);
  await page.getByRole("button", { name: "Cookie settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "null"))).toMatchObject({ necessary: true });
});

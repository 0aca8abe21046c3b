import { botCheckHeaders } from "../support/bot-check";
import { PASSWORD, test } from "./accounts-support";
import { createUser, signInBrowser } from "./dashboard-support";
import { axeViolations, expect } from "./fixtures";
import { snapshot } from "./snapshot";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";

const TEXT = {
  en: {
    title: "Recent security activity",
    list: "Security changes, newest first",
    changed: "Password changed",
    newDevice: "Sign-in from a new device",
    firefox: /^Firefox 125 on Windows 10 · Address code [0-9a-f]{8}$/,
  },
  de: {
    title: "Letzte Sicherheitsaktivitäten",
    list: "Sicherheitsänderungen, neueste zuerst",
    changed: "Passwort geändert",
    newDevice: "Anmeldung von einem neuen Gerät",
    firefox: /^Firefox 125 auf Windows 10 · Adresscode [0-9a-f]{8}$/,
  },
};

const base = () => process.env.E2E_BASE_URL as string;
const post = async (path: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${base()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base(), ...headers },
    body: JSON.stringify(body),
  });

for (const lang of ["en", "de"] as const) {
  const x = TEXT[lang];

  test(`the security page lists the account's recent security changes (${lang}) @phone`, async ({ page }) => {
    // Set up through the API: a password change here, then a sign-in from another browser and system.
    const user = await createUser("Rita Recent");
    const change = await post(
      "/api/auth/change-password",
      { currentPassword: PASSWORD, newPassword: "Quiet lanterns over 7 harbours" },
      { cookie: user.cookie },
    );
    expect(change.status).toBe(200);
    const signIn = await post(
      "/api/auth/sign-in/email",
      { email: user.email, password: "Quiet lanterns over 7 harbours" },
      { "user-agent": FIREFOX_WINDOWS, ...(await botCheckHeaders(base())) },
    );
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("better-auth.session_token="))
      ?.split(";")[0] as string;
    await signInBrowser(page.context(), { cookie });

    await page.goto(`/${lang}/account/security`);
    const section = page.getByRole("region", { name: x.title });
    const items = section.getByRole("list", { name: x.list }).getByRole("listitem");
    await expect(items).toHaveCount(2, { timeout: 60_000 });
    await expect(items.nth(0)).toContainText(x.newDevice);
    await expect(items.nth(0).getByText(x.firefox)).toBeVisible();
    await expect(items.nth(1)).toContainText(x.changed);
    await expect(items.nth(0).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    expect(await axeViolations(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await snapshot(page, `account-security-activity-${lang}`);
  });
}

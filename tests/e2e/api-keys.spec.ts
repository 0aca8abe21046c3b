import { createTeamApi, createUser, setSubscription, signInBrowser } from "./dashboard-support";
import { axeViolations, expect, test } from "./fixtures";
import { snapshot } from "./snapshot";

const texts = {
  en: {
    pageTitle: "API keys",
    create: "Create an API key",
    name: "Name",
    plan: "Plan",
    expiry: "Expires after",
    createButton: "Create key",
    yourKey: "Your new API key",
    copied: "I have copied the key",
    copyExample: "Copy",
    copiedExample: "Copied",
    list: "Your keys",
    revoke: "Revoke",
    revokeNamed: "Revoke Reporting script",
    revoked: "was revoked",
    none: "No API keys yet.",
    teamTab: "API keys",
    createdBy: "Created by",
    developers: "Build on Recruiting CRM",
    errors: "Errors",
  },
  de: {
    pageTitle: "API-Schlüssel",
    create: "API-Schlüssel erstellen",
    name: "Name",
    plan: "Tarif",
    expiry: "Läuft ab nach",
    createButton: "Schlüssel erstellen",
    yourKey: "Ihr neuer API-Schlüssel",
    copied: "Ich habe den Schlüssel kopiert",
    copyExample: "Kopieren",
    copiedExample: "Kopiert",
    list: "Ihre Schlüssel",
    revoke: "Widerrufen",
    revokeNamed: "Reporting script widerrufen",
    revoked: "wurde widerrufen",
    none: "Noch keine API-Schlüssel.",
    teamTab: "API-Schlüssel",
    createdBy: "Erstellt von",
    developers: "Mit Recruiting CRM entwickeln",
    errors: "Fehler",
  },
};

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];
  test(`a user makes a personal key, reads the API with it and revokes it; a team admin makes a team key; the developer guide explains them (${lang}) @phone`, async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const admin = await createUser("Kai Keymaker");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    const team = await createTeamApi(admin, "Kilo Keys");
    await signInBrowser(context, admin);

    await page.goto(`/${lang}/account/api-keys`);
    await expect(page.getByRole("heading", { level: 1, name: x.pageTitle })).toBeVisible({ timeout: 60_000 });
    const create = page.getByRole("region", { name: x.create });
    await expect(page.getByRole("region", { name: x.list }).getByText(x.none)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `api-keys-${lang}`);

    await create.getByLabel(x.name, { exact: true }).fill("Reporting script");
    await create.getByRole("checkbox", { name: new RegExp(`^${x.plan}`) }).check();
    await create.getByLabel(x.expiry).selectOption("30");
    await create.getByRole("button", { name: x.createButton }).click();
    const key = await create.getByLabel(x.yourKey).inputValue();
    expect(key).toMatch(/^rcrm_[A-Za-z0-9_-]{43}$/);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `api-keys-created-${lang}`);

    const entitlements = await page.request.get("/api/v1/entitlements", { headers: { authorization: `Bearer ${key}` } });
    expect(entitlements.status()).toBe(200);
    expect(await entitlements.json()).toMatchObject({ plan: "pro", status: "active" });

    await create.getByRole("button", { name: x.copied }).click();
    const list = page.getByRole("region", { name: x.list });
    const item = list.getByRole("listitem").filter({ hasText: "Reporting script" });
    await expect(item.getByText(`${key.slice(0, 11)}…`)).toBeVisible();
    await item.getByRole("button", { name: x.revokeNamed }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: x.revoke }).click();
    await expect(list.getByRole("status")).toContainText(x.revoked);
    await expect(list.getByText(x.none)).toBeVisible();
    // The Revoke button that opened the dialog went with its key: the focus is on the list's heading, not lost to the page.
    await expect(list.getByRole("heading", { name: x.list })).toBeFocused();
    expect((await page.request.get("/api/v1/entitlements", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);

    await page.goto(`/${lang}/teams/${team.id}/api-keys`);
    await expect(page.getByRole("link", { name: x.teamTab })).toHaveAttribute("aria-current", "page", { timeout: 60_000 });
    const teamCreate = page.getByRole("region", { name: x.create });
    await teamCreate.getByLabel(x.name, { exact: true }).fill("Sync");
    await teamCreate.getByRole("button", { name: x.createButton }).click();
    const teamKey = await teamCreate.getByLabel(x.yourKey).inputValue();
    const teams = await page.request.get("/api/v1/teams", { headers: { authorization: `Bearer ${teamKey}` } });
    expect(await teams.json()).toEqual({ items: [expect.objectContaining({ id: team.id, name: "Kilo Keys", role: null })] });
    await teamCreate.getByRole("button", { name: x.copied }).click();
    await expect(page.getByRole("region", { name: x.list }).getByText(`${x.createdBy}:`)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `team-api-keys-${lang}`);

    await page.goto(`/${lang}/developers`);
    await expect(page.getByRole("heading", { level: 1, name: x.developers })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 2, name: x.errors })).toBeVisible();
    // Each example copies as it is shown; its button says so.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const example = page.locator("pre").first();
    await page
      .getByRole("button", { name: new RegExp(`^${x.copyExample}: `) })
      .first()
      .click();
    await expect(page.getByRole("button", { name: new RegExp(`^${x.copyExample}: `) }).first()).toHaveText(x.copiedExample);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await example.textContent());
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `developers-${lang}`);

    await page.goto("/api/v1/docs");
    await expect(page.getByRole("heading", { level: 2, name: /GET \/api\/v1\/entitlements/ })).toBeVisible();
    await snapshot(page, `api-docs-${lang}`);
  });
}

import { randomUUID } from "node:crypto";
import { SAML_IDENTITY_COOKIE, type SamlPerson, startSamlIdp } from "../support/saml-idp";
import { signInAtGoogleAs } from "./accounts-support";
import { type ApiUser, apiPost, createTeamApi, createUser, setSubscription, signInBrowser } from "./dashboard-support";
import { axeViolations, codeFromMail, expect, test } from "./fixtures";
import { englishIn } from "./site-helpers";
import { snapshot } from "./snapshot";

const TEXTS = {
  en: {
    tab: "Single sign-on",
    active: "Active",
    continue: "Continue with single sign-on",
    next: "Continue",
    label: "Work e-mail address or team URL name",
    scim: "Provisioning (SCIM)",
    base: "SCIM base address",
    create: "Create token",
    token: "Provisioning token",
    done: "Done",
    tokens: "Provisioning tokens",
    revoke: "Revoke",
    none: "No token yet.",
    test: "Test connection",
    passed: "Your identity provider signed you in and sent these claims.",
    addSaml: "Add a SAML 2.0 connection",
    metadataXml: "Identity provider metadata (XML)",
    acsUrl: "Our assertion consumer service (ACS) address",
    notMetadata: "This is not SAML 2.0 metadata of an identity provider.",
    save: "Save connection",
    expired:
      "Your identity provider's answer could not be accepted (wrong audience, expired or unsigned). Please try again or ask your IT department.",
  },
  de: {
    tab: "Single Sign-on",
    active: "Aktiv",
    continue: "Mit Single Sign-on fortfahren",
    next: "Weiter",
    label: "Geschäftliche E-Mail-Adresse oder URL-Name des Teams",
    scim: "Bereitstellung (SCIM)",
    base: "SCIM-Basisadresse",
    create: "Token erstellen",
    token: "Bereitstellungs-Token",
    done: "Fertig",
    tokens: "Bereitstellungs-Tokens",
    revoke: "Widerrufen",
    none: "Noch kein Token.",
    test: "Verbindung testen",
    passed: "Ihr Identitätsanbieter hat Sie angemeldet und diese Angaben gesendet.",
    addSaml: "SAML-2.0-Verbindung hinzufügen",
    metadataXml: "Metadaten des Identitätsanbieters (XML)",
    acsUrl: "Unsere ACS-Adresse (Assertion Consumer Service)",
    notMetadata: "Das sind keine SAML-2.0-Metadaten eines Identitätsanbieters.",
    save: "Verbindung speichern",
    expired:
      "Die Antwort Ihres Identitätsanbieters konnte nicht angenommen werden (falscher Empfänger, abgelaufen oder nicht signiert). Versuchen Sie es erneut oder wenden Sie sich an Ihre IT-Abteilung.",
  },
} as const;

/**
 * A Pro team with a verified domain of its own and an active OpenID Connect connection to the
 * run's identity provider (the local one global-setup starts), set up over the API as its admin would.
 */
async function connectedTeam(): Promise<{ admin: ApiUser; teamId: string; domain: string }> {
  const { admin, teamId, domain } = await teamWithDomain();
  const issuer = process.env.E2E_OIDC_ISSUER as string;
  const body = {
    issuer,
    clientId: "northwind-crm",
    clientSecret: "northwind-secret",
    domains: [domain],
    defaultRole: "member",
    provisioning: true,
  };
  const saved = await apiPost(`/api/teams/${teamId}/sso/oidc`, body, admin);
  expect(saved.status).toBe(201);
  const { id } = (await saved.json()) as { id: string };
  expect((await apiPost(`/api/teams/${teamId}/sso/${id}/state`, { state: "active" }, admin)).status).toBe(200);
  return { admin, teamId, domain };
}

/** A Pro team of a new admin with a domain of its own, verified by the code mailed to an address at it. */
async function teamWithDomain(): Promise<{ admin: ApiUser; teamId: string; domain: string }> {
  const domain = `sso-${randomUUID().slice(0, 8)}.example.com`;
  const admin = await createUser("Sina Admin");
  await setSubscription(admin, { status: "active", periodDays: 30 });
  const { id: teamId } = await createTeamApi(admin, `Northwind ${domain.slice(4, 12)}`);
  const added = (await (await apiPost(`/api/teams/${teamId}/domains`, { domain }, admin)).json()) as { id: string };
  await apiPost(`/api/teams/${teamId}/domains/${added.id}/code`, { email: `it@${domain}` }, admin);
  const code = await codeFromMail(`it@${domain}`);
  expect((await apiPost(`/api/teams/${teamId}/domains/${added.id}/verify`, { code }, admin)).status).toBe(200);
  return { admin, teamId, domain };
}

// The team's SAML 2.0 identity provider, run by this file's worker on loopback.
let samlIdp: Awaited<ReturnType<typeof startSamlIdp>>;
test.beforeAll(async () => {
  samlIdp = await startSamlIdp();
});
test.afterAll(async () => {
  await samlIdp?.stop();
});

for (const lang of ["en", "de"] as const) {
  const text = TEXTS[lang];

  test(`a team admin sees the team's connection on the single sign-on tab (${lang}) @phone`, async ({ page, context }) => {
    const { admin, teamId, domain } = await connectedTeam();
    await signInBrowser(context, admin);
    await page.goto(`/${lang}/teams/${teamId}/sso`);
    await expect(page.getByRole("link", { name: text.tab })).toHaveAttribute("aria-current", "page");
    const connections = page.getByRole("list", { name: lang === "en" ? "Connections" : "Verbindungen" });
    await expect(connections.getByText(domain)).toBeVisible();
    await expect(connections.getByText(text.active, { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /Redirect address|Weiterleitungsadresse/ })).toHaveValue(/\/api\/auth\/sso\/callback$/);
    await snapshot(page, `sso-tab-${lang}`, { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    if (lang === "de") expect(englishIn((await page.locator("main").textContent()) ?? "", ["teams"])).toEqual([]);

    // Testing the connection: the provider's sign-in in a new tab, whose return reports the claims received.
    await signInAtGoogleAs(context, { email: `tessa@${domain}`, given_name: "Tessa", family_name: "Tester" });
    const opened = page.waitForEvent("popup");
    await page.getByRole("button", { name: text.test }).click();
    const result = await opened;
    await expect(result).toHaveURL(new RegExp(`/${lang}/teams/${teamId}/sso/test\\?id=`));
    await expect(result.getByRole("status").filter({ hasText: text.passed })).toBeVisible();
    await expect(result.getByText(`tessa@${domain}`, { exact: true })).toBeVisible();
    await snapshot(result, `sso-test-${lang}`, { fullPage: true });
    expect(await axeViolations(result)).toEqual([]);
    if (lang === "de") expect(englishIn((await result.locator("main").textContent()) ?? "", ["teams"])).toEqual([]);
    await result.close();

    // Provisioning: a token is shown once, then listed by its first characters only, and revoked.
    const scim = page.getByRole("region", { name: text.scim });
    await expect(scim.getByRole("textbox", { name: text.base })).toHaveValue(/\/scim\/v2$/);
    await scim.getByRole("button", { name: text.create }).click();
    const shown = scim.getByRole("textbox", { name: text.token });
    await expect(shown).toHaveValue(/^rcscim_[\w-]{43}$/);
    const token = await shown.inputValue();
    await snapshot(page, `sso-scim-token-${lang}`, { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await scim.getByRole("button", { name: text.done }).click();
    await expect(shown).toHaveCount(0);
    const tokens = scim.getByRole("list", { name: text.tokens });
    await expect(tokens.getByText(`${token.slice(0, 13)}…`)).toBeVisible();
    await expect(page.getByText(token)).toHaveCount(0);
    await tokens.getByRole("button", { name: new RegExp(token.slice(0, 13)) }).click();
    await page.getByRole("dialog").getByRole("button", { name: text.revoke }).click();
    await expect(scim.getByText(text.none)).toBeVisible();
  });

  test(`a person at the team's domain signs in with single sign-on and becomes a member (${lang}) @phone`, async ({ page, context }) => {
    const { domain } = await connectedTeam();
    const email = `grace-${randomUUID().slice(0, 6)}@${domain}`;
    await signInAtGoogleAs(context, { email, given_name: "Grace", family_name: "Hopper" });
    await page.goto(`/${lang}/sign-in`);
    await page.getByRole("textbox", { name: lang === "en" ? "E-mail or username" : "E-Mail oder Benutzername" }).fill(email);
    await expect(page.getByRole("button", { name: text.continue })).toBeVisible();
    await snapshot(page, `sso-sign-in-${lang}`);
    await page.getByRole("button", { name: text.continue }).click();
    // A new account agrees to the terms at its first sign-in, as after Google.
    await expect(page).toHaveURL(`/${lang}/legal-consent?next=%2F${lang}%2Fdashboard`);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: text.next }).click();
    await expect(page).toHaveURL(`/${lang}/dashboard`);
    await expect(page.getByText(email)).toBeVisible();
    const session = await (await page.request.get("/api/auth/get-session")).json();
    expect(session.user).toMatchObject({ email, emailVerified: true, firstName: "Grace", lastName: "Hopper", locale: lang });

    // A refusal of the provider lands on the translated error page. The dashboard is left first, so
    // none of its lists is still asking for the cookies cleared here.
    await page.goto("about:blank");
    await context.clearCookies();
    await page.goto(`/${lang}/sign-in/sso`);
    await page.getByRole("textbox", { name: text.label }).fill(`nobody@${domain}`);
    await page.getByRole("button", { name: text.continue }).click();
    await expect(page).toHaveURL(`/${lang}/sign-in/sso?error=sso_denied`);
    await expect(page.getByRole("alert")).toHaveText(
      lang === "en"
        ? "Your identity provider did not let you sign in. Please try again or ask your IT department."
        : "Ihr Identitätsanbieter hat die Anmeldung nicht zugelassen. Versuchen Sie es erneut oder wenden Sie sich an Ihre IT-Abteilung.",
    );
    await snapshot(page, `sso-error-${lang}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`a team's SAML connection shows our addresses, and a person signs in through it (${lang}) @phone`, async ({
    page,
    context,
    pageErrors,
  }) => {
    const { admin, teamId, domain } = await teamWithDomain();

    // Metadata the form cannot use is named at its field.
    await signInBrowser(context, admin);
    await page.goto(`/${lang}/teams/${teamId}/sso`);
    const form = page.locator("form").filter({ has: page.getByRole("heading", { name: text.addSaml }) });
    await form.getByRole("textbox", { name: text.metadataXml }).fill("<html>not metadata</html>");
    await form.getByRole("checkbox", { name: domain }).check();
    await form.getByRole("button", { name: text.save }).click();
    await expect(form.getByText(text.notMetadata)).toBeVisible();
    await expect(form.getByRole("textbox", { name: text.metadataXml })).toHaveAttribute("aria-invalid", "true");
    await snapshot(page, `sso-saml-form-${lang}`, { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // The browser notes the refused save (400) as a failed resource: that refusal is what was asked for.
    const refused = pageErrors.findIndex((e) => /status of 400/.test(e) && e.includes("/sso/saml"));
    expect(refused).toBeGreaterThanOrEqual(0);
    pageErrors.splice(refused, 1);

    // Saved with the provider's metadata and activated (as the admin would), the tab shows our addresses to copy.
    const body = { metadataXml: samlIdp.metadata, domains: [domain], defaultRole: "member", provisioning: true };
    const saved = await apiPost(`/api/teams/${teamId}/sso/saml`, body, admin);
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    expect((await apiPost(`/api/teams/${teamId}/sso/${id}/state`, { state: "active" }, admin)).status).toBe(200);
    await page.reload();
    await expect(page.getByRole("textbox", { name: text.acsUrl })).toHaveValue(new RegExp(`/saml/${id}/acs$`));
    await snapshot(page, `sso-saml-tab-${lang}`, { fullPage: true });
    if (lang === "de") expect(englishIn((await page.locator("main").textContent()) ?? "", ["teams"])).toEqual([]);

    // Someone of the domain signs in at the provider; the browser posts its answer to our ACS.
    await page.goto("about:blank");
    await context.clearCookies();
    const email = `katherine-${randomUUID().slice(0, 6)}@${domain}`;
    const who: SamlPerson = { email, given_name: "Katherine", family_name: "Johnson" };
    const signedInAtIdp = () =>
      context.addCookies([{ name: SAML_IDENTITY_COOKIE, value: encodeURIComponent(JSON.stringify(who)), url: samlIdp.url }]);
    await signedInAtIdp();
    await page.goto(`/${lang}/sign-in/sso`);
    await page.getByRole("textbox", { name: text.label }).fill(email);
    await page.getByRole("button", { name: text.continue }).click();
    await expect(page).toHaveURL(`/${lang}/legal-consent?next=%2F${lang}%2Fdashboard`);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: text.next }).click();
    await expect(page).toHaveURL(`/${lang}/dashboard`);
    const session = await (await page.request.get("/api/auth/get-session")).json();
    expect(session.user).toMatchObject({ email, emailVerified: true, firstName: "Katherine", lastName: "Johnson", locale: lang });

    // An expired answer lands on the translated error page.
    await page.goto("about:blank");
    await context.clearCookies();
    await signedInAtIdp();
    samlIdp.spoilNext("expired");
    await page.goto(`/${lang}/sign-in/sso`);
    await page.getByRole("textbox", { name: text.label }).fill(email);
    await page.getByRole("button", { name: text.continue }).click();
    await expect(page).toHaveURL(`/${lang}/sign-in/sso?error=sso_token_invalid`);
    await expect(page.getByRole("alert")).toHaveText(text.expired);
    await snapshot(page, `sso-saml-error-${lang}`);
    expect(await axeViolations(page)).toEqual([]);
  });
}

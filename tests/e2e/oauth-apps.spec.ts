import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { request as apiRequest, type BrowserContext, type Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./accounts-support";
import { axeViolations, codeFromMail, expect, interactiveNavigation, test } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";
import { snapshot } from "./snapshot";

const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
const EXTENSION_REDIRECT = `https://${EXTENSION_ID}.chromiumapp.org/oauth`;
const APP_REDIRECT = "https://sourcing-tool.example/oauth/callback";

const texts = {
  en: {
    apps: "Apps",
    register: "Register an app",
    name: "Name",
    redirects: "Redirect addresses",
    registerButton: "Register app",
    secret: "Client secret",
    clientId: "Client ID",
    done: "Done",
    list: "Registered apps",
    consentTitle: (name: string) => `Allow ${name} to use your account?`,
    scope: "Stay connected",
    allow: "Allow",
    deny: "Deny",
    connectedApps: "Connected apps",
    none: "No apps are connected to your account.",
    disconnectNamed: (name: string) => `Disconnect ${name}`,
    disconnect: "Disconnect",
    disconnected: "was disconnected",
    extension: "Browser extension",
    connected: "Connected",
    install: "Download the Plugin",
    turnOffNamed: (name: string) => `Turn off ${name}`,
    turnOff: "Turn off",
    turnedOff: "Turned off",
    extensionName: "Recruiting CRM extension",
  },
  de: {
    apps: "Apps",
    register: "App registrieren",
    name: "Name",
    redirects: "Rücksprungadressen",
    registerButton: "App registrieren",
    secret: "Client-Geheimnis",
    clientId: "Client-ID",
    done: "Fertig",
    list: "Registrierte Apps",
    consentTitle: (name: string) => `${name} Zugriff auf Ihr Konto erlauben?`,
    scope: "Verbunden bleiben",
    allow: "Erlauben",
    deny: "Ablehnen",
    connectedApps: "Verbundene Apps",
    none: "Mit Ihrem Konto sind keine Apps verbunden.",
    disconnectNamed: (name: string) => `${name} trennen`,
    disconnect: "Trennen",
    disconnected: "wurde getrennt",
    extension: "Browser-Erweiterung",
    connected: "Verbunden",
    install: "Erweiterung herunterladen",
    turnOffNamed: (name: string) => `${name} abschalten`,
    turnOff: "Abschalten",
    turnedOff: "Abgeschaltet",
    extensionName: "Recruiting-CRM-Erweiterung",
  },
};

let server: OwnServer;
const operatorEmail = uniqueEmail("apps-operator");

async function createAccount(baseURL: string, email: string, name: string) {
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post("/api/auth/sign-up/email", { data: { name, email, password: PASSWORD, legalConsent: true } })).status()).toBe(200);
  const otp = await codeFromMail(email);
  expect((await api.post("/api/auth/email-otp/verify-email", { data: { email, otp } })).status()).toBe(200);
  await api.dispose();
}

/** Signs the browser context in through the API, in the given language. */
async function signIn(context: BrowserContext, email: string, lang: string) {
  await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
  const res = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
    headers: { origin: server.url },
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** The page's screenshots at both widths (only where E2E_SCREENSHOTS asks for pictures), then back to its own width. */
async function pictures(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const own = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const size of [own, own.width > 600 ? { width: 390, height: 844 } : { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await snapshot(page, name);
  }
  await page.setViewportSize(own);
}

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};
const authorizePath = (clientId: string, redirectUri: string, scope: string, state: string, challenge: string) =>
  `/api/auth/oauth2/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope, state, code_challenge: challenge, code_challenge_method: "S256" })}`;

/** Where the browser was sent back to an app (the app's address is answered here, without the network). */
async function captureReturns(page: Page, pattern: string) {
  const seen: URL[] = [];
  await page.route(pattern, (route) => {
    seen.push(new URL(route.request().url()));
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>App</title><main><h1>App</h1></main>" });
  });
  return seen;
}

// The tests of this file share its own server.
test.describe.configure({ mode: "default" });

// The console needs an operator (granted by the command line, the server stopped), and the extension its id.
test.beforeAll(async () => {
  test.setTimeout(360_000);
  const env = { SMTP_URL: process.env.E2E_SMTP_URL as string, EXTENSION_IDS: EXTENSION_ID };
  const first = await startOwnServer(env);
  await createAccount(first.url, operatorEmail, "Olga Operator");
  await first.stop({ keepData: true });
  execFileSync(process.execPath, ["build/node/admin.js", "grant", operatorEmail], {
    env: { ...process.env, DATA_DIR: first.dataDir, DATABASE_URL: "", AUTH_SECRET: "e2e-own-secret-e2e-own-secret-e2e-own" },
  });
  server = await startOwnServer(env, { dataDir: first.dataDir });
});
test.afterAll(() => server?.stop());

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];
  test(`an operator registers an app and turns it off; a user denies and allows it, and disconnects it from the security page (${lang}) @phone`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(240_000);
    const appName = `Sourcing Tool ${lang}`;
    const userEmail = uniqueEmail(`apps-user-${lang}`);
    await createAccount(server.url, userEmail, "Ulla Recruiter");

    // The operator registers the app: the secret is shown once.
    const operatorContext = await browser.newContext({
      viewport: page.viewportSize(),
      extraHTTPHeaders: { "x-forwarded-for": `10.9.8.${lang === "en" ? 1 : 2}` },
    });
    const consolePage = interactiveNavigation(await operatorContext.newPage());
    await signIn(operatorContext, operatorEmail, lang);
    await consolePage.goto(`${server.url}/${lang}/admin/apps`);
    await expect(consolePage.getByRole("heading", { level: 1, name: x.apps })).toBeVisible({ timeout: 60_000 });
    const form = consolePage.getByRole("region", { name: x.register });
    await form.getByLabel(x.name, { exact: true }).fill(appName);
    await form.getByLabel(x.redirects).fill(APP_REDIRECT);
    await form.getByRole("checkbox", { name: /offline_access/ }).check();
    expect(await axeViolations(consolePage)).toEqual([]);
    await pictures(consolePage, `admin-apps-${lang}`);
    await form.getByRole("button", { name: x.registerButton }).click();
    const secret = await form.getByLabel(x.secret, { exact: true }).inputValue();
    const clientId = await form.getByLabel(x.clientId, { exact: true }).inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await axeViolations(consolePage)).toEqual([]);
    await pictures(consolePage, `admin-apps-secret-${lang}`);
    await form.getByRole("button", { name: x.done }).click();
    await expect(form.getByLabel(x.secret, { exact: true })).toHaveCount(0);
    const list = consolePage.getByRole("region", { name: x.list });
    await expect(list.getByRole("row").filter({ hasText: appName })).toBeVisible();
    expect(await consolePage.content()).not.toContain(secret);

    // The user has no app yet: the dashboard offers the extension, the security page says none is connected.
    await signIn(context, userEmail, lang);
    await page.goto(`${server.url}/${lang}/dashboard`);
    const card = page.getByRole("region", { name: x.extension });
    await expect(card.getByRole("link", { name: new RegExp(x.install) })).toHaveAttribute("href", "/get-extension");
    await page.goto(`${server.url}/${lang}/account/security`);
    await expect(page.getByRole("region", { name: x.connectedApps }).getByText(x.none)).toBeVisible({ timeout: 60_000 });

    // Deny sends the app access_denied with its state; Allow sends a code.
    const returns = await captureReturns(page, "https://sourcing-tool.example/**");
    const denied = pkce();
    await page.goto(
      `${server.url}${authorizePath(clientId, APP_REDIRECT, "openid profile email offline_access", "st-deny", denied.challenge)}`,
    );
    await expect(page).toHaveURL(new RegExp(`/${lang}/oauth/consent\\?`));
    await expect(page.getByRole("heading", { level: 1, name: x.consentTitle(appName) })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("listitem").filter({ hasText: x.scope })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await pictures(page, `oauth-consent-${lang}`);
    await page.getByRole("button", { name: x.deny }).click();
    await expect.poll(() => returns.length).toBe(1);
    await page.waitForURL(/^https:\/\/sourcing-tool\.example\//);
    expect(returns[0]?.searchParams.get("error")).toBe("access_denied");
    expect(returns[0]?.searchParams.get("state")).toBe("st-deny");

    const allowed = pkce();
    await page.goto(
      `${server.url}${authorizePath(clientId, APP_REDIRECT, "openid profile email offline_access", "st-allow", allowed.challenge)}`,
    );
    await page.getByRole("button", { name: x.allow }).click();
    await expect.poll(() => returns.length).toBe(2);
    await page.waitForURL(/state=st-allow/);
    expect(returns[1]?.searchParams.get("state")).toBe("st-allow");
    const code = returns[1]?.searchParams.get("code") as string;
    const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`;
    // The apps' own calls carry no cookie of the browser.
    const apps = await apiRequest.newContext();
    const tokens = await apps.post(`${server.url}/api/auth/oauth2/token`, {
      headers: { authorization: basic },
      form: { grant_type: "authorization_code", code, code_verifier: allowed.verifier, redirect_uri: APP_REDIRECT },
    });
    expect(tokens.status()).toBe(200);
    const { refresh_token: appRefresh } = await tokens.json();

    // The extension signs in too (no consent: it is the first-party client).
    const extension = pkce();
    // Chrome takes the answer off the redirect to chromiumapp.org without loading it (the browser's part
    // of that flow is extension-sign-in.spec.ts): here the signed-in browser's request reads the redirect.
    const extensionAnswer = await page.request.get(
      `${server.url}${authorizePath("extension", EXTENSION_REDIRECT, "openid profile offline_access", "st-ext", extension.challenge)}`,
      { maxRedirects: 0 },
    );
    expect(extensionAnswer.status()).toBe(302);
    const extensionReturn = new URL(extensionAnswer.headers().location as string);
    expect(`${extensionReturn.origin}${extensionReturn.pathname}`).toBe(EXTENSION_REDIRECT);
    expect(extensionReturn.searchParams.get("state")).toBe("st-ext");
    const extensionCode = extensionReturn.searchParams.get("code") as string;
    const extensionTokens = await apps.post(`${server.url}/api/auth/oauth2/token`, {
      form: {
        grant_type: "authorization_code",
        client_id: "extension",
        code: extensionCode,
        code_verifier: extension.verifier,
        redirect_uri: EXTENSION_REDIRECT,
      },
    });
    expect(extensionTokens.status()).toBe(200);

    await page.goto(`${server.url}/${lang}/dashboard`);
    await expect(card.getByText(x.connected, { exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);
    await pictures(page, `dashboard-extension-${lang}`);

    // Connected apps: both listed; disconnecting the app ends its refresh token at once.
    await page.goto(`${server.url}/${lang}/account/security`);
    const section = page.getByRole("region", { name: x.connectedApps });
    await expect(section.getByRole("heading", { name: appName })).toBeVisible({ timeout: 60_000 });
    await expect(section.getByRole("heading", { name: x.extensionName })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await pictures(page, `security-connected-apps-${lang}`);
    await section.getByRole("button", { name: x.disconnectNamed(appName) }).click();
    await page.getByRole("dialog").getByRole("button", { name: x.disconnect }).click();
    await expect(section.getByRole("status")).toContainText(x.disconnected);
    await expect(section.getByRole("heading", { name: appName })).toHaveCount(0);
    const refused = await apps.post(`${server.url}/api/auth/oauth2/token`, {
      headers: { authorization: basic },
      form: { grant_type: "refresh_token", refresh_token: appRefresh },
    });
    expect(refused.status()).toBe(400);

    // The operator turns the app off: it can no longer sign anyone in.
    await list.getByRole("button", { name: x.turnOffNamed(appName) }).click();
    await consolePage.getByRole("dialog").getByRole("button", { name: x.turnOff }).click();
    await expect(list.getByRole("row").filter({ hasText: appName }).getByText(x.turnedOff)).toBeVisible();
    await page.goto(`${server.url}${authorizePath(clientId, APP_REDIRECT, "openid", "st-off", pkce().challenge)}`);
    await expect(page).toHaveURL(`${server.url}/${lang}/oauth/consent?error=client_disabled`);
    await expect(page.getByRole("alert")).toBeVisible({ timeout: 60_000 });
    await pictures(page, `oauth-consent-refused-${lang}`);
    await operatorContext.close();
    await apps.dispose();
  });
}

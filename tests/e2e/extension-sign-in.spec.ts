import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createAuth } from "../../extension/src/auth";
import { type Entitlements, type Me, popupStates } from "../../extension/src/popup-state";
import { fakeChrome, installPopupChrome, REFERENCE_EXTENSION_ID } from "../support/fake-chrome";
import { totpCode } from "../support/totp";
import { createVerifiedAccount, PASSWORD, test } from "./accounts-support";
import { createTeamApi, createUser, setSubscription, signInBrowser } from "./dashboard-support";
import { axeViolations, expect } from "./fixtures";
import { snapshot } from "./snapshot";

/**
 * The reference extension's sign-in, end to end: its own modules (extension/src) run here as in
 * its service worker, with the browser as `chrome.identity.launchWebAuthFlow`, against the real
 * server; its popup is the built one, talking to that worker.
 */
const base = () => process.env.E2E_BASE_URL as string;

/** Requests from the extension's service worker carry its origin. */
const extensionFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set("origin", `chrome-extension://${REFERENCE_EXTENSION_ID}`);
  return fetch(input, { ...init, headers });
};

/**
 * `launchWebAuthFlow` as Chrome runs it: the page follows the authorization (and the person in
 * front of it, `visitor`, acts on what it shows) until it is sent to chromiumapp.org, whose address
 * is the answer. `navigations` lists the addresses the page was sent to.
 */
function webAuthFlowIn(page: Page, visitor?: () => Promise<void>) {
  const navigations: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
  });
  const launch = async (url: string) => {
    let answered = false;
    const answer = page.waitForRequest((request) => request.url().startsWith(`https://${REFERENCE_EXTENSION_ID}.chromiumapp.org/`));
    void answer.then(() => {
      answered = true;
    });
    // A page sent there is shown a blank page (a redirect cannot be intercepted, and fails to resolve).
    await page.route(`https://${REFERENCE_EXTENSION_ID}.chromiumapp.org/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "" }),
    );
    await page.goto(url).catch((error) => {
      // Chrome takes the answer off the redirect without loading it; here the load then fails.
      if (!answered) throw error;
    });
    await visitor?.();
    return (await answer).url();
  };
  return { launch, navigations };
}

/** A token request as the extension sends it. */
const refreshWith = (refreshToken: string) =>
  extensionFetch(`${base()}/api/auth/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: "extension" }),
  });

test("a signed-in user comes straight back to the extension, whose popup shows the plan and teams and signs out by revoking", async ({
  page,
}) => {
  const user = await createUser("Ada Lovelace");
  await setSubscription(user, { status: "trialing", trialDays: 30 });
  await createTeamApi(user, "Talent Scouts");
  await signInBrowser(page.context(), user);

  const flow = webAuthFlowIn(page);
  const extension = fakeChrome(flow.launch);
  const auth = createAuth({ chrome: extension.chrome, server: base(), fetch: extensionFetch });
  await auth.signIn();
  // No consent screen or sign-in page on the way: the authorization answers with the redirect to the extension.
  expect(flow.navigations).toHaveLength(2);
  expect(flow.navigations[0]).toMatch(/\/api\/auth\/oauth2\/authorize\?/);
  const answer = new URL(flow.navigations[1] as string);
  expect(`${answer.origin}${answer.pathname}`).toBe(`https://${REFERENCE_EXTENSION_ID}.chromiumapp.org/oauth`);
  expect(answer.searchParams.get("iss")).toBe(base());
  expect([...extension.session.keys()].sort()).toEqual(["accessToken", "accessTokenExpiresAt"]);
  expect([...extension.local.keys()]).toEqual(["refreshToken"]);

  expect(await auth.api<Me>("/me")).toMatchObject({ id: user.id, email: user.email, name: "Ada Lovelace" });
  expect(await auth.api<Entitlements>("/entitlements")).toMatchObject({
    plan: "pro",
    status: "trialing",
    teams: [{ name: "Talent Scouts", role: "admin" }],
  });

  // The access token runs out: the popup's two calls share one refresh, and the refresh token rotates.
  const first = extension.local.get("refreshToken") as string;
  extension.session.set("accessTokenExpiresAt", Date.now());
  const worker = popupStates(auth);
  expect(await worker({ type: "status" })).toMatchObject({ view: "signedIn" });
  const second = extension.local.get("refreshToken") as string;
  expect(second).not.toBe(first);
  // Sent again within the server's grace period, the old one gets the same answer: no second chain.
  const replayed = await refreshWith(first);
  expect(replayed.status).toBe(200);
  expect(((await replayed.json()) as { refresh_token: string }).refresh_token).toBe(second);

  // The popup, as built, drawing what the worker answers.
  const build = mkdtempSync(path.join(tmpdir(), "crm-extension-"));
  execFileSync(process.execPath, ["scripts/build-extension.mjs", build], { env: { ...process.env, EXTENSION_SERVER_URL: base() } });
  await page.route("http://extension.test/**", (route) => {
    const file = path.join(build, new URL(route.request().url()).pathname);
    return existsSync(file) ? route.fulfill({ path: file }) : route.fulfill({ status: 404 });
  });
  const opened: string[] = [];
  await page.exposeFunction("extensionWorker", worker);
  await page.exposeFunction("extensionOpenTab", (url: string) => {
    opened.push(url);
  });
  const messages = JSON.parse(readFileSync(path.join(build, "_locales/en/messages.json"), "utf8"));
  await page.addInitScript(installPopupChrome, { messages, uiLanguage: "en-US" });
  await page.setViewportSize({ width: 360, height: 300 });
  await page.goto("http://extension.test/popup.html");

  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole("definition")).toHaveText(/^Pro, trial until /);
  await expect(page.getByRole("listitem")).toHaveText(["Talent Scouts Admin"]);
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, "extension-popup-en");

  await page.getByRole("button", { name: "Open dashboard" }).click();
  await expect.poll(() => opened).toEqual([`${base()}/en/dashboard`]);

  const current = extension.local.get("refreshToken") as string;
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Recruiting CRM" })).toBeVisible();
  expect(extension.session.size + extension.local.size).toBe(0);
  const refused = await refreshWith(current);
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
});

test("a visitor signs in with password and authenticator code on the way, and the extension gets its tokens", async ({
  page,
  playwright,
}) => {
  const setup = await playwright.request.newContext({ baseURL: base() });
  const email = await createVerifiedAccount(setup, { name: "Toni Totp" });
  const headers = { origin: base() };
  const enable = await setup.post("/api/auth/two-factor/enable", { headers, data: { password: PASSWORD } });
  const { totpURI } = (await enable.json()) as { totpURI: string };
  expect((await setup.post("/api/auth/two-factor/verify-totp", { headers, data: { code: totpCode(totpURI) } })).status()).toBe(200);
  await setup.dispose();

  const flow = webAuthFlowIn(page, async () => {
    await expect(page).toHaveURL(/\/en\/sign-in\?/);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Two-step verification" })).toBeVisible();
    // The next time step's code: the one that turned the app on is not taken twice.
    await page.getByLabel("6-digit code").fill(totpCode(totpURI, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
  });
  const extension = fakeChrome(flow.launch);
  const auth = createAuth({ chrome: extension.chrome, server: base(), fetch: extensionFetch });
  await auth.signIn();
  expect(new URL(flow.navigations.at(-1) as string).hostname).toBe(`${REFERENCE_EXTENSION_ID}.chromiumapp.org`);

  expect(await auth.api<Me>("/me")).toMatchObject({ email, name: "Toni Totp" });
  expect(await auth.api<Entitlements>("/entitlements")).toMatchObject({ plan: "individual", teams: [] });
  await auth.signOut();
  await expect(auth.api("/me")).rejects.toThrow("signed out");
});

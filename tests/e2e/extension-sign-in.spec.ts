import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createAuth } from "../../extension/src/auth";
import type { AuthChrome } from "../../extension/src/chrome";
import type { Entitlements, Me } from "../../extension/src/popup-state";
import { CHROMIUM_ARGS, chromiumPath } from "../support/browser";
import { fakeChrome, REFERENCE_EXTENSION_ID } from "../support/fake-chrome";
import { totpCode } from "../support/totp";
import { createVerifiedAccount, PASSWORD, test } from "./accounts-support";
import { createTeamApi, createUser, setSubscription } from "./dashboard-support";
import { axeViolations, expect } from "./fixtures";
import { snapshot } from "./snapshot";

/**
 * The reference extension's sign-in, end to end against the real server: the built extension loaded
 * in Chromium (its popup, its service worker, Chrome's own `launchWebAuthFlow`) for a signed-in user;
 * for a visitor, who signs in on the way, its sign-in module (extension/src) with the browser playing
 * `launchWebAuthFlow`, so the test can act in the sign-in window.
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

test("a signed-in user signs in to the loaded extension without a consent screen; its popup shows the plan and teams, and signing out revokes", async ({
  playwright,
}) => {
  const user = await createUser("Ada Lovelace");
  await setSubscription(user, { status: "trialing", trialDays: 30 });
  await createTeamApi(user, "Talent Scouts");
  const build = mkdtempSync(path.join(tmpdir(), "crm-extension-"));
  execFileSync(process.execPath, ["scripts/build-extension.mjs", build], { env: { ...process.env, EXTENSION_SERVER_URL: base() } });

  const context = await playwright.chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), "crm-profile-")), {
    executablePath: chromiumPath(),
    // CHROMIUM_ARGS's `--headless` is Chromium's own headless mode, which runs extensions.
    headless: false,
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${build}`, `--load-extension=${build}`],
    viewport: { width: 360, height: 300 },
  });
  try {
    const [name, value] = user.cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: base() }]);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    expect(new URL(worker.url()).host).toBe(REFERENCE_EXTENSION_ID);
    /** The worker's stored tokens: which names each storage area holds, and the refresh token. */
    const stored = () =>
      worker.evaluate(async () => {
        const { storage } = (globalThis as unknown as { chrome: AuthChrome }).chrome;
        const names = ["accessToken", "accessTokenExpiresAt", "refreshToken"];
        const [session, local] = await Promise.all([storage.session.get(names), storage.local.get(names)]);
        return { session: Object.keys(session).sort(), local: Object.keys(local), refreshToken: local.refreshToken as string | undefined };
      });

    const popup = await context.newPage();
    const errors: string[] = [];
    popup.on("pageerror", (e) => errors.push(e.message));
    popup.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await popup.goto(`chrome-extension://${REFERENCE_EXTENSION_ID}/popup.html`);
    await expect(popup.getByRole("heading", { level: 1, name: "Sign in to Recruiting CRM" })).toBeVisible();
    // launchWebAuthFlow opens the authorization; the session answers it at once, without a screen.
    await popup.getByRole("button", { name: "Sign in" }).click();
    await expect(popup.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
    await expect(popup.getByText(user.email)).toBeVisible();
    await expect(popup.getByRole("definition")).toHaveText(/^Pro, trial until /);
    await expect(popup.getByRole("listitem")).toHaveText(["Talent Scouts Admin"]);
    expect(await axeViolations(popup)).toEqual([]);
    await snapshot(popup, "extension-popup-en");
    const first = await stored();
    expect(first).toMatchObject({ session: ["accessToken", "accessTokenExpiresAt"], local: ["refreshToken"] });

    // The access token runs out: the popup's next look refreshes it, and the refresh token rotates.
    await worker.evaluate(() =>
      (globalThis as unknown as { chrome: AuthChrome }).chrome.storage.session.set({ accessTokenExpiresAt: Date.now() }),
    );
    await popup.reload();
    await expect(popup.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
    const second = (await stored()).refreshToken as string;
    expect(second).not.toBe(first.refreshToken);
    // Sent again within the server's grace period, the old one gets the same answer: no second chain.
    const replayed = await refreshWith(first.refreshToken as string);
    expect(replayed.status).toBe(200);
    expect(((await replayed.json()) as { refresh_token: string }).refresh_token).toBe(second);

    const [dashboard] = await Promise.all([context.waitForEvent("page"), popup.getByRole("button", { name: "Open dashboard" }).click()]);
    await dashboard.waitForURL(`${base()}/en/dashboard`);
    await dashboard.close();

    await popup.getByRole("button", { name: "Sign out" }).click();
    await expect(popup.getByRole("button", { name: "Sign in" })).toBeVisible();
    expect(await stored()).toEqual({ session: [], local: [] });
    const refused = await refreshWith(second);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
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

import { execFileSync } from "node:child_process";
import { request as apiRequest, type Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./accounts-support";
import { axeViolations, codeFromMail, expect, mailsTo, test } from "./fixtures";
import { sidewaysScrollers, textLines } from "./layout-checks";
import { type OwnServer, startOwnServer } from "./own-server";
import { englishIn } from "./site-helpers";
import { snapshot } from "./snapshot";

const texts = {
  en: {
    users: "Users",
    search: "Search users",
    searchButton: "Search",
    ban: "Ban user",
    reason: "Reason",
    confirm: "Ban",
    banned: "The user is banned and signed out everywhere.",
    lift: "Lift the ban",
    lifted: "The ban is lifted.",
    auditLog: "Audit log",
    bannedAction: "User banned",
    status: "Banned",
    skip: "Skip to content",
  },
  de: {
    users: "Nutzer",
    search: "Nutzer suchen",
    searchButton: "Suchen",
    ban: "Nutzer sperren",
    reason: "Grund",
    confirm: "Sperren",
    banned: "Der Nutzer ist gesperrt und überall abgemeldet.",
    lift: "Sperre aufheben",
    lifted: "Die Sperre ist aufgehoben.",
    auditLog: "Protokoll",
    bannedAction: "Nutzer gesperrt",
    status: "Gesperrt",
    skip: "Zum Inhalt springen",
  },
};

let server: OwnServer;
const operatorEmail = uniqueEmail("operator");
const userEmail = uniqueEmail("recruiter");

async function createAccount(baseURL: string, email: string, name: string, locale: "en" | "de" = "en") {
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect(
    (await api.post("/api/auth/sign-up/email", { data: { name, email, password: PASSWORD, legalConsent: true, locale } })).status(),
  ).toBe(200);
  const otp = await codeFromMail(email);
  expect((await api.post("/api/auth/email-otp/verify-email", { data: { email, otp } })).status()).toBe(200);
  await api.dispose();
}

// The tests of this file share its own server: in parallel mode each test would start one for itself.
test.describe.configure({ mode: "default" });

// The console needs an operator, made the way an operator is made: by the command line, with the server stopped
// (the embedded database has one process at a time).
test.beforeAll(async () => {
  test.setTimeout(360_000);
  const env = { SMTP_URL: process.env.E2E_SMTP_URL as string };
  const first = await startOwnServer(env);
  await createAccount(first.url, operatorEmail, "Olga Operator");
  await createAccount(first.url, userEmail, "Ulla Recruiter");
  await first.stop({ keepData: true });
  execFileSync(process.execPath, ["build/node/admin.js", "grant", operatorEmail], {
    env: { ...process.env, DATA_DIR: first.dataDir, DATABASE_URL: "", AUTH_SECRET: "e2e-own-secret-e2e-own-secret-e2e-own" },
  });
  server = await startOwnServer(env, { dataDir: first.dataDir });
});
test.afterAll(() => server?.stop());

async function signIn(page: Page, email: string) {
  const res = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
    headers: { origin: server.url },
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
}

test("a signed-in user who is no operator is sent from the console to the dashboard", async ({ page }) => {
  await signIn(page, userEmail);
  await page.goto(`${server.url}/en/admin/users`);
  await expect(page).toHaveURL(`${server.url}/en/dashboard`);
});

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];
  test(`an operator finds a user, bans them, lifts the ban and sees both in the audit log (${lang}) @phone`, async ({ page }) => {
    // A walk through four screens, each checked with axe.
    test.setTimeout(120_000);
    await signIn(page, operatorEmail);
    await page.goto(`${server.url}/${lang}/admin/users`);
    await expect(page.getByRole("heading", { level: 1, name: x.users })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Its table is cards on a phone, nothing scrolls sideways; the console starts with a skip link to its content.
    expect(await page.evaluate(sidewaysScrollers)).toEqual([]);
    await snapshot(page, `console-users-${lang}`);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: x.skip })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();

    await page.getByLabel(x.search).fill("ulla");
    await page.getByRole("button", { name: x.searchButton, exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=ulla/);
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(2);
    await table.getByRole("link", { name: "Ulla Recruiter" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Ulla Recruiter" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `console-user-${lang}`);
    await page.getByRole("button", { name: x.ban }).click();
    const dialog = page.getByRole("dialog", { name: x.ban });
    await dialog.getByLabel(x.reason).fill("Sends spam invitations");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: x.confirm, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: x.banned })).toBeVisible();
    await expect(page.getByText(x.status, { exact: true })).toBeVisible();

    // Banned: the user's own sign-in is refused.
    const refused = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
      headers: { origin: server.url },
      data: { email: userEmail, password: PASSWORD },
    });
    expect(refused.status()).toBe(403);

    await page.getByRole("button", { name: x.lift }).click();
    await expect(page.getByRole("status").filter({ hasText: x.lifted })).toBeVisible();

    await page
      .getByRole("navigation", { name: lang === "en" ? "Operator console" : "Betreiberkonsole" })
      .getByRole("link", { name: x.auditLog })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: x.auditLog })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: x.bannedAction }).filter({ hasText: userEmail }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(sidewaysScrollers)).toEqual([]);
    await snapshot(page, `console-audit-${lang}`);
  });
}

test("the users table sorts by a column and says how it is sorted", async ({ page }) => {
  await signIn(page, operatorEmail);
  await page.goto(`${server.url}/en/admin/users`);
  const nameHeader = page.getByRole("columnheader", { name: /Name/ });
  await expect(nameHeader).toHaveAttribute("aria-sort", "none");
  await page.getByRole("button", { name: "Sort by Name" }).click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  const names = page.getByRole("table").getByRole("link");
  await expect(names.first()).toHaveText("Olga Operator");
  await page.getByRole("button", { name: "Sort by Name" }).click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expect(names.first()).toHaveText("Ulla Recruiter");
});

for (const lang of ["en", "de"] as const) {
  const x = {
    en: { nav: "Contact requests", details: "Details", note: "Note (optional)", handled: "Mark handled", state: "Handled" },
    de: { nav: "Kontaktanfragen", details: "Details", note: "Notiz (optional)", handled: "Als erledigt markieren", state: "Erledigt" },
  }[lang];
  test(`an operator reads a contact request and marks it handled with a note (${lang}) @phone`, async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Grace ${lang.toUpperCase()} Hopper`;
    // A long address: on a phone the row is a card, the address breaks after its @ or a dot, and Details stays in view.
    const email = `grace.brewster.hopper.${Date.now().toString(36)}@computing.research.navy.example.org`;
    const sent = await page.request.post(`${server.url}/api/send-contact`, {
      headers: { origin: server.url },
      data: { name, email, company: "Navy", message: "A demo for twelve recruiters, please." },
    });
    expect(sent.status()).toBe(201);
    await signIn(page, operatorEmail);
    await page.goto(`${server.url}/${lang}/admin/contact-requests`);
    await expect(page.getByRole("heading", { level: 1, name: x.nav })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const details = page.getByRole("button", { name: `${x.details}: ${name}` });
    await details.scrollIntoViewIfNeeded();
    await expect(details).toBeInViewport({ ratio: 1 });
    const box = await details.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    expect(await page.evaluate(sidewaysScrollers)).toEqual([]);
    const address = await page.getByRole("table").getByText(email, { exact: true }).evaluate(textLines);
    expect(address.split).toEqual([]);
    expect(address.overflows).toBe(false);
    await snapshot(page, `console-contact-requests-${lang}`);
    await details.click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog.getByText("A demo for twelve recruiters, please.")).toBeVisible();
    await dialog.getByLabel(x.note).fill("Demo booked for Monday");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: x.handled }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: name }).getByText(x.state, { exact: true })).toBeVisible();
  });
}

test("an operator sees a started trial among the subscriptions and filters by status (de) @phone", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A recruiter starts the pro trial through the local payment provider.
  const recruiter = await browser.newContext();
  const email = uniqueEmail("trial");
  const api = recruiter.request;
  await api.post(`${server.url}/api/auth/sign-up/email`, {
    headers: { origin: server.url },
    data: { name: "Tina Trial", email, password: PASSWORD, legalConsent: true },
  });
  const otp = await codeFromMail(email);
  await api.post(`${server.url}/api/auth/email-otp/verify-email`, { headers: { origin: server.url }, data: { email, otp } });
  const me = await (await api.get(`${server.url}/api/auth/get-session`)).json();
  const checkout = await api.post(`${server.url}/api/create-checkout-session`, {
    headers: { origin: server.url },
    data: { userId: me.user.id, planType: "pro", trial: true, teamName: "Tina Talent" },
  });
  const { url } = await checkout.json();
  const confirmed = await api.post(url, {
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    data: "",
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
  await recruiter.close();

  await signIn(page, operatorEmail);
  await page.goto(`${server.url}/de/admin/subscriptions`);
  await expect(page.getByRole("heading", { level: 1, name: "Abonnements" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Testphase");
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(sidewaysScrollers)).toEqual([]);
  await snapshot(page, "console-subscriptions-de");
  await page.getByRole("button", { name: /^Gekündigt/ }).click();
  await expect(page.getByRole("button", { name: /^Gekündigt/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Hier gibt es kein Abonnement.")).toBeVisible();
  await page.getByRole("button", { name: /^Testphase \(/ }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();
});

const impersonation = {
  en: {
    start: "Sign in as this user",
    banner: "Impersonation",
    signedInAs: `Signed in as ${userEmail}`,
    signOut: "Sign out",
    emails: "E-mail addresses",
    consent: "Consent",
    complimentary: "Complimentary pro plan",
    subscription: "Subscription",
    delete: "Delete user",
  },
  de: {
    start: "Als dieser Nutzer anmelden",
    banner: "Übernahme",
    signedInAs: `Angemeldet als ${userEmail}`,
    signOut: "Abmelden",
    emails: "E-Mail-Adressen",
    consent: "Einwilligung",
    complimentary: "Kostenloser Pro-Tarif",
    subscription: "Abonnement",
    delete: "Nutzer löschen",
  },
};

for (const lang of ["en", "de"] as const) {
  const x = impersonation[lang];
  test(`an operator signs in as a user, sees every page say so, and signs out back to the console (${lang}) @phone`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, operatorEmail);
    await page.goto(`${server.url}/${lang}/admin/users?q=ulla`);
    await page.getByRole("table").getByRole("link", { name: "Ulla Recruiter" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ulla Recruiter" })).toBeVisible();
    const userPage = page.url();
    for (const section of [x.emails, x.consent, x.complimentary, x.delete]) {
      await expect(page.getByRole("region", { name: section })).toBeVisible();
    }
    // The plan has the pricing page's name in both languages (not "Individual").
    await expect(page.getByRole("region", { name: x.subscription }).getByText("Free", { exact: true })).toBeVisible();
    await snapshot(page, `operator-user-${lang}`);

    await page.getByRole("button", { name: x.start }).click();
    await expect(page).toHaveURL(`${server.url}/${lang}/dashboard`);
    const banner = page.getByRole("complementary", { name: x.banner });
    await expect(banner).toContainText(x.signedInAs);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `impersonation-dashboard-${lang}`);

    for (const path of ["account", "account/security", "teams"]) {
      await page.goto(`${server.url}/${lang}/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(banner).toContainText(x.signedInAs);
    }
    expect(await axeViolations(page)).toEqual([]);
    // The console is not open to an impersonated session.
    await page.goto(`${server.url}/${lang}/admin/users`);
    await expect(page).toHaveURL(`${server.url}/${lang}/dashboard`);
    await expect(banner).toContainText(x.signedInAs);
    // The dashboard's lists are loaded before the session changes under them.
    await page.waitForLoadState("networkidle");

    await banner.getByRole("button", { name: x.signOut }).click();
    await expect(page).toHaveURL(userPage);
    await expect(page.getByRole("heading", { level: 1, name: "Ulla Recruiter" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: x.banner })).toHaveCount(0);
  });
}

const overviewTexts = {
  en: { title: "Overview", chart: /^Line chart of sign-ups/, last30: "Last 30 days", last90: "Last 90 days", caption: "Figures per day" },
  de: {
    title: "Übersicht",
    chart: /^Liniendiagramm der Registrierungen/,
    last30: "Letzte 30 Tage",
    last90: "Letzte 90 Tage",
    caption: "Zahlen pro Tag",
  },
};

for (const lang of ["en", "de"] as const) {
  const x = overviewTexts[lang];
  test(`the overview charts the daily figures and lists the same numbers in a table, for 30 and 90 days (${lang}) @phone`, async ({
    page,
  }) => {
    await signIn(page, operatorEmail);
    const daily = await (await page.request.get(`${server.url}/api/admin/overview/daily?days=30`)).json();
    await page.goto(`${server.url}/${lang}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: x.title })).toBeVisible();
    const chart = page.getByRole("img", { name: x.chart });
    await expect(chart.locator("canvas")).toBeVisible();
    await expect(page.getByRole("button", { name: x.last30 })).toHaveAttribute("aria-pressed", "true");
    const table = page.getByRole("table", { name: x.caption });
    await expect(table.getByRole("row")).toHaveCount(31);
    // The newest day comes first and shows what the API counts for it.
    const today = daily.series.at(-1);
    const cells = table.getByRole("row").nth(1).getByRole("cell");
    await expect(cells).toHaveText([today.signUps, today.trialsStarted, today.trialsConverted, today.contactRequests].map(String));
    expect(today.signUps).toBeGreaterThanOrEqual(2);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `console-overview-${lang}`);

    await page.getByRole("button", { name: x.last90 }).click();
    await expect(page).toHaveURL(/[?&]days=90/);
    await expect(page.getByRole("button", { name: x.last90 })).toHaveAttribute("aria-pressed", "true");
    await expect(table.getByRole("row")).toHaveCount(91);
    await expect(chart.locator("canvas")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

const privacyTexts = {
  en: {
    exports: "Data exports",
    none: "No export has been requested.",
    start: "Send the user their data",
    started: "The export is being prepared; the link goes to the user's own address.",
    subject: "Your Recruiting CRM data is ready",
    delete: "Delete user",
    confirmLabel: (email: string) => `Type ${email} to confirm`,
    confirm: "Delete for good",
    done: (email: string) => `${email} is deleted.`,
  },
  de: {
    exports: "Datenexporte",
    none: "Es wurde noch kein Export angefordert.",
    start: "Dem Nutzer seine Daten senden",
    started: "Der Export wird vorbereitet; der Link geht an die eigene Adresse des Nutzers.",
    subject: "Ihre Daten bei Recruiting CRM stehen bereit",
    delete: "Nutzer löschen",
    confirmLabel: (email: string) => `Geben Sie zur Bestätigung ${email} ein`,
    confirm: "Endgültig löschen",
    done: (email: string) => `${email} ist gelöscht.`,
  },
};

for (const lang of ["en", "de"] as const) {
  const x = privacyTexts[lang];
  test(`an operator sends a user their data, then deletes the user after typing the address (${lang}) @phone`, async ({ page }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(`erased-${lang}`);
    await createAccount(server.url, email, "Erika Export", lang);
    await signIn(page, operatorEmail);
    await page.goto(`${server.url}/${lang}/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole("table").getByRole("link", { name: "Erika Export" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Erika Export" })).toBeVisible();

    const exports = page.getByRole("region", { name: x.exports });
    await expect(exports).toContainText(x.none);
    await exports.getByRole("button", { name: x.start }).click();
    await expect(exports.getByRole("alert").or(exports.getByRole("status")).filter({ hasText: x.started })).toBeVisible();
    await expect(exports.getByRole("listitem")).toHaveCount(1);
    // The link goes to the user, in the user's language, never to the operator.
    await expect.poll(async () => (await mailsTo(email)).some((m) => m.subject === x.subject), { timeout: 40_000 }).toBe(true);
    expect((await mailsTo(operatorEmail)).some((m) => m.subject === x.subject)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("region", { name: x.delete }).getByRole("button", { name: x.delete }).click();
    const dialog = page.getByRole("dialog", { name: x.delete });
    await dialog.getByLabel(x.confirmLabel(email)).fill("someone-else@example.com");
    await dialog.getByRole("button", { name: x.confirm }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel(x.confirmLabel(email)).fill(email);
    await dialog.getByRole("button", { name: x.confirm }).click();
    await expect(page).toHaveURL(`${server.url}/${lang}/admin/users`);
    await expect(page.getByText(x.done(email))).toBeVisible();

    const signInAgain = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
      headers: { origin: server.url, cookie: "" },
      data: { email, password: PASSWORD },
    });
    expect(signInAgain.status()).toBe(401);
  });
}

test("the console's pages of a user and a team, opened by their address, are German throughout (de) @phone", async ({ page }) => {
  test.setTimeout(120_000);
  // A German recruiter with a team of their own, bought through the local checkout.
  const email = uniqueEmail("gruen");
  await createAccount(server.url, email, "Greta Gruen", "de");
  const api = await apiRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } });
  expect((await api.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const { user } = await (await api.get("/api/auth/get-session")).json();
  const checkout = await api.post("/api/create-checkout-session", {
    data: { userId: user.id, planType: "pro", teamName: "Gruen Personal" },
  });
  const { url } = await checkout.json();
  const paid = await api.post(url, { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "", maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const teamId = (await (await api.get("/api/teams?kind=admin")).json()).items[0].id as string;
  await api.dispose();

  await signIn(page, operatorEmail);
  for (const [path, heading] of [
    [`/de/admin/users/${user.id}`, "Greta Gruen"],
    [`/de/admin/teams/${teamId}`, "Gruen Personal"],
  ] as const) {
    // Loaded by its address, not reached from a list: the page starts from the app shell.
    await page.goto(`${server.url}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    const labels = await page.locator("[aria-label]").evaluateAll((all) => all.map((e) => e.getAttribute("aria-label")));
    // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, without what is hidden
    const text = [await page.title(), await page.locator("body").innerText(), ...labels].join("\n");
    expect(englishIn(text, ["common", "operator"])).toEqual([]);
    await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toHaveCount(1);
  }
});

import { execFileSync } from "node:child_process";
import { request as apiRequest, type Page } from "@playwright/test";
import { wideLogoPng } from "../support/images";
import { PASSWORD, uniqueEmail } from "./accounts-support";
import { axeViolations, codeFromMail, expect, test } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";
import { snapshot } from "./snapshot";

const texts = {
  en: {
    teams: "Teams",
    logo: "Logo of Scouts En",
    search: "Search teams",
    searchButton: "Search",
    members: "Members",
    billing: "Billing",
    remove: "Remove",
    confirm: "Remove",
    removed: "was removed from the team.",
    invitations: "Pending invitations",
    revoked: "was revoked.",
    sso: "Single sign-on",
    active: "Active",
    switchOff: "Switch off",
    switchedOff: "The connection is switched off.",
  },
  de: {
    teams: "Teams",
    logo: "Logo von Scouts De",
    search: "Teams suchen",
    searchButton: "Suchen",
    members: "Mitglieder",
    billing: "Abrechnung",
    remove: "Entfernen",
    confirm: "Entfernen",
    removed: "wurde aus dem Team entfernt.",
    invitations: "Offene Einladungen",
    revoked: "wurde widerrufen.",
    sso: "Single Sign-on",
    active: "Aktiv",
    switchOff: "Abschalten",
    switchedOff: "Die Verbindung ist abgeschaltet.",
  },
};

let server: OwnServer;
const operatorEmail = uniqueEmail("operator");

async function createAccount(baseURL: string, email: string, name: string) {
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post("/api/auth/sign-up/email", { data: { name, email, password: PASSWORD, legalConsent: true } })).status()).toBe(200);
  const otp = await codeFromMail(email);
  expect((await api.post("/api/auth/email-otp/verify-email", { data: { email, otp } })).status()).toBe(200);
  return api;
}

/** A team of its own per language: a pro trial with the team, two members and an invitation. */
async function teamWithMembers(name: string) {
  const payer = await createAccount(server.url, uniqueEmail("payer"), `Paula ${name}`);
  const me = await (await payer.get("/api/auth/get-session")).json();
  const { url } = await (
    await payer.post("/api/create-checkout-session", { data: { userId: me.user.id, planType: "pro", teamName: name } })
  ).json();
  expect(
    (await payer.post(url, { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "", maxRedirects: 0 })).status(),
  ).toBe(303);
  const teams = await (await payer.get("/api/teams?kind=admin")).json();
  const teamId = teams.items[0].id as string;
  const logo = await payer.put(`/api/teams/${teamId}/logo`, { headers: { "content-type": "image/png" }, data: await wideLogoPng() });
  expect(logo.status()).toBe(200);
  for (const [first, invitee] of [
    ["Max", uniqueEmail("member")],
    ["Nina", uniqueEmail("member")],
  ] as const) {
    const member = await createAccount(server.url, invitee, `${first} ${name}`);
    const { id } = await (
      await payer.post("/api/auth/organization/invite-member", { data: { email: invitee, role: "member", organizationId: teamId } })
    ).json();
    expect((await member.post("/api/auth/organization/accept-invitation", { data: { invitationId: id } })).status()).toBe(200);
    await member.dispose();
  }
  await payer.post("/api/auth/organization/invite-member", {
    data: { email: uniqueEmail("pending"), role: "member", organizationId: teamId },
  });
  // A verified domain with an active single sign-on connection to the run's identity provider.
  const domain = `${name.toLowerCase().replace(" ", "-")}-${Date.now()}.example.com`;
  const added = await (await payer.post(`/api/teams/${teamId}/domains`, { data: { domain } })).json();
  await payer.post(`/api/teams/${teamId}/domains/${added.id}/code`, { data: { email: `it@${domain}` } });
  const code = await codeFromMail(`it@${domain}`);
  expect((await payer.post(`/api/teams/${teamId}/domains/${added.id}/verify`, { data: { code } })).status()).toBe(200);
  const connection = await payer.post(`/api/teams/${teamId}/sso/oidc`, {
    data: {
      issuer: process.env.E2E_OIDC_ISSUER,
      clientId: "scouts",
      clientSecret: "secret",
      domains: [domain],
      defaultRole: "member",
      provisioning: true,
    },
  });
  expect(connection.status()).toBe(201);
  const { id: connectionId } = await connection.json();
  expect((await payer.post(`/api/teams/${teamId}/sso/${connectionId}/state`, { data: { state: "active" } })).status()).toBe(200);
  await payer.dispose();
}

// The tests of this file share its own server: in parallel mode each test would start one for itself.
test.describe.configure({ mode: "default" });

// The console needs an operator, made by the command line with the server stopped (see operator-console.spec.ts).
test.beforeAll(async () => {
  test.setTimeout(480_000);
  const env = { SMTP_URL: process.env.E2E_SMTP_URL as string };
  const first = await startOwnServer(env);
  (await createAccount(first.url, operatorEmail, "Olga Operator")).dispose();
  await first.stop({ keepData: true });
  execFileSync(process.execPath, ["build/node/admin.js", "grant", operatorEmail], {
    env: { ...process.env, DATA_DIR: first.dataDir, DATABASE_URL: "", AUTH_SECRET: "e2e-own-secret-e2e-own-secret-e2e-own" },
  });
  server = await startOwnServer(env, { dataDir: first.dataDir });
  await teamWithMembers("Scouts En");
  await teamWithMembers("Scouts De");
});
test.afterAll(() => server?.stop());

async function signIn(page: Page, email: string) {
  const res = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
    headers: { origin: server.url },
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
}

for (const lang of ["en", "de"] as const) {
  const x = texts[lang];
  const team = lang === "en" ? "Scouts En" : "Scouts De";
  test(`an operator finds a team, sees its members and billing, removes a member and revokes an invitation (${lang}) @phone`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, operatorEmail);
    await page.goto(`${server.url}/${lang}/admin/teams`);
    await expect(page.getByRole("heading", { level: 1, name: x.teams })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `operator-teams-list-${lang}`);

    await page.getByLabel(x.search).fill(team.toLowerCase());
    await page.getByRole("button", { name: x.searchButton, exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=scouts/);
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("row").nth(1)).toContainText("3");
    // The team's logo beside its name, kept whole in its square.
    const logo = table.getByRole("row").nth(1).locator('img[src^="/api/images/"]');
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
    await table.getByRole("link", { name: team }).click();

    await expect(page.getByRole("heading", { level: 1, name: team })).toBeVisible();
    await expect(page.getByRole("img", { name: x.logo })).toBeVisible();
    await expect(page.getByRole("region", { name: x.billing })).toContainText(`Paula ${team}`);
    const members = page.getByRole("region", { name: x.members });
    await expect(members.getByRole("row")).toHaveCount(4);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `operator-team-${lang}`);

    await members.getByRole("button", { name: new RegExp(`Max ${team}`) }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: x.confirm, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: x.removed })).toBeVisible();
    await expect(members.getByRole("row")).toHaveCount(3);

    const invitations = page.getByRole("region", { name: x.invitations });
    await invitations.getByRole("button").first().click();
    await expect(page.getByRole("status").filter({ hasText: x.revoked })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The team's single sign-on: its connection's state and last use; switched off by the operator.
    const sso = page.getByRole("region", { name: x.sso });
    await expect(sso.getByRole("row").nth(1)).toContainText(x.active);
    await sso.getByRole("button", { name: x.switchOff }).click();
    await page.getByRole("dialog").getByRole("button", { name: x.switchOff }).click();
    await expect(page.getByRole("status").filter({ hasText: x.switchedOff })).toBeVisible();
    await snapshot(page, `operator-team-sso-${lang}`, { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
}

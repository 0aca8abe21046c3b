import type { Page } from "@playwright/test";
import { agreeToTerms, typeCode } from "./accounts-support";
import { apiPost, createTeamApi, createUser, inviteAndAccept, setSubscription, signInBrowser } from "./dashboard-support";
import { axeViolations, codeFromMail, expect, mailsTo, test } from "./fixtures";
import { snapshot } from "./snapshot";

/** Opens a page of the team area and waits for its heading (slow machines included). */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
}

/** The path of the invitation link in the latest invitation mail to `address`. */
async function invitationPath(address: string, subject: RegExp): Promise<string> {
  let path = "";
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(address)).filter((m) => subject.test(m.subject)).at(-1);
        path = /\/(en|de)\/teams\/invitations\/[\w-]+/.exec(mail?.text ?? "")?.[0] ?? "";
        return path;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return path;
}

test.describe("team members and invitations", () => {
  test.describe.configure({ timeout: 300_000 });

  test("an admin invites two addresses at once, one accepts in another browser, then the admin changes a role and removes a member @phone", async ({
    page,
    context,
    browser,
  }) => {
    const [admin, ines, jonas] = await Promise.all([createUser("Ada Admin"), createUser("Ines Invited"), createUser("Jonas Joiner")]);
    await setSubscription(admin, { status: "active", periodDays: 30 });
    const team = await createTeamApi(admin, "Echo Hiring");
    await signInBrowser(context, admin);

    await open(page, `/en/teams/${team.id}/members`, "Echo Hiring");
    const members = page.getByRole("region", { name: "Members" });
    await expect(members.getByText(admin.email)).toBeVisible();
    await expect(members.getByText("1 of 25 seats taken (members and open invitations)")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-members-admin-en");

    await page.getByRole("tab", { name: "Invitations" }).click();
    const invite = page.getByRole("region", { name: "Invite people" });
    await invite.getByRole("button", { name: "Send invitations" }).click();
    await expect(invite.getByText("Please enter at least one e-mail address.")).toBeVisible();
    await invite.getByLabel("E-mail addresses").fill(`${ines.email}, ${jonas.email} not-an-address`);
    await invite.getByLabel("Role").selectOption("member");
    await invite.getByRole("button", { name: "Send invitations" }).click();
    const results = invite.getByRole("status");
    await expect(results.getByText(`${ines.email}: Invitation sent.`)).toBeVisible();
    await expect(results.getByText(`${jonas.email}: Invitation sent.`)).toBeVisible();
    await expect(results.getByText("not-an-address: This is not a valid e-mail address.")).toBeVisible();
    await expect(invite.getByLabel("E-mail addresses")).toHaveValue("not-an-address");
    const pending = page.getByRole("region", { name: "Pending invitations" });
    await expect(pending.getByText(ines.email)).toBeVisible();
    await expect(pending.getByText(jonas.email)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-invitations-en");

    await page.getByRole("tab", { name: "Requests" }).click();
    await expect(page.getByText("No requests")).toBeVisible();
    await snapshot(page, "team-requests-en");

    // Ines accepts in her own browser; the team becomes her active one.
    const link = await invitationPath(ines.email, /invited you to the team Echo Hiring/);
    expect(link.startsWith("/en/teams/invitations/")).toBe(true);
    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const inesPage = await other.newPage();
    await signInBrowser(other, ines);
    await open(inesPage, link, "Join Echo Hiring");
    await expect(inesPage.getByText(`${admin.email} invited you to join the team Echo Hiring as Member.`)).toBeVisible();
    expect(await axeViolations(inesPage)).toEqual([]);
    await snapshot(inesPage, "team-invitation-en");
    await inesPage.getByRole("button", { name: "Accept invitation" }).click();
    await expect(inesPage.getByRole("heading", { level: 1, name: "Echo Hiring" })).toBeVisible({ timeout: 60_000 });
    await expect(inesPage.getByRole("status").filter({ hasText: "Welcome to “Echo Hiring”" })).toBeVisible();
    await snapshot(inesPage, "team-joined-en");
    await expect(inesPage).toHaveURL(new RegExp(`/en/teams/${team.id}$`));
    await inesPage.goto("/en/dashboard");
    await expect(inesPage.getByText("You are working in the team Echo Hiring.")).toBeVisible({ timeout: 60_000 });
    await other.close();
    // Jonas accepts through the API.
    const jonasLink = await invitationPath(jonas.email, /Echo Hiring/);
    expect((await apiPost("/api/auth/organization/accept-invitation", { invitationId: jonasLink.split("/").pop() }, jonas)).ok).toBe(true);

    // The admin makes Ines an admin and removes Jonas.
    await page.getByRole("tab", { name: "Members" }).click();
    await expect(members.getByText("Jonas Joiner", { exact: true })).toBeVisible();
    await members.getByLabel("Role of Ines Invited").selectOption("admin");
    await expect(members.getByText("Ines Invited is now Admin.")).toBeVisible();
    await members.getByRole("button", { name: "Remove Jonas Joiner" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Jonas Joiner from the team?" });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(members.getByText("Jonas Joiner was removed from the team.")).toBeVisible();
    await expect(members.getByText(jonas.email)).toHaveCount(0);
    await members.getByLabel("Search by name or e-mail").fill("ines");
    await members.getByRole("button", { name: "Search" }).click();
    await expect(members.getByText(admin.email)).toHaveCount(0);
    await expect(members.getByText("Ines Invited", { exact: true })).toBeVisible();
    await members.getByLabel("Search by name or e-mail").fill("");
    await members.getByRole("button", { name: "Search" }).click();
    await expect(members.getByText(admin.email)).toBeVisible();
    // The paying admin cannot be demoted while the subscription runs.
    await expect(members.getByText("Pays for the team")).toBeVisible();
    await snapshot(page, "team-members-changed-en");

    await page.getByRole("link", { name: "Billing" }).click();
    const billing = page.getByRole("region", { name: "Billing" });
    await expect(billing.getByText("You pay for this team with your subscription.")).toBeVisible({ timeout: 60_000 });
    await expect(billing.getByRole("list", { name: "Status of Pro" }).getByText("Current plan")).toBeVisible();
    await expect(billing.getByRole("list", { name: "Status of Pro" }).getByText(/^Renews /)).toBeVisible();
    await expect(billing.getByRole("button", { name: "Open billing portal" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-billing-en");
  });

  test("a visitor opens a German invitation, signs in and comes back to accept; a member is refused the billing tab @phone", async ({
    page,
    context,
  }) => {
    const admin = await createUser("Anna Admin");
    await setSubscription(admin, { status: "trialing", trialDays: 20 });
    const team = await createTeamApi(admin, "Foxtrot Talent");
    const member = await createUser("Moritz Mitglied");
    await inviteAndAccept(admin, member, team.id);
    // A German account: its invitation comes in German, whoever invites (decision 152).
    const guest = await createUser("Greta Gast", { locale: "de" });
    const invited = await fetch(`${process.env.E2E_BASE_URL}/api/teams/${team.id}/invitations`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: process.env.E2E_BASE_URL as string, cookie: admin.cookie, "x-language": "de" },
      body: JSON.stringify({ emails: guest.email, role: "guest" }),
    });
    expect(invited.ok).toBe(true);
    const link = await invitationPath(guest.email, /hat Sie in das Team Foxtrot Talent eingeladen/);
    expect(link.startsWith("/de/teams/invitations/")).toBe(true);

    // Signed out: the page names the team and who invited, asks to sign in first, then brings the visitor back.
    await open(page, link, "Foxtrot Talent beitreten");
    await expect(page.getByText("Anna Admin hat Sie eingeladen, dem Team Foxtrot Talent als Gast beizutreten.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-invitation-signed-out-de");
    await page.getByRole("link", { name: "Anmelden" }).click();
    await page.getByLabel("E-Mail").fill(guest.email);
    await page.getByLabel("Passwort", { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Foxtrot Talent beitreten" })).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByText(`${admin.email} hat Sie eingeladen, dem Team Foxtrot Talent als Gast beizutreten.`)).toBeVisible();
    await snapshot(page, "team-invitation-de");
    await page.getByRole("button", { name: "Einladung annehmen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Foxtrot Talent" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("status").filter({ hasText: "Willkommen bei „Foxtrot Talent“" })).toBeVisible();
    await snapshot(page, "team-joined-de");
    await expect(page.getByText("Ihre Rolle: Gast")).toBeVisible();
    await context.clearCookies();

    // The admin's German screens.
    await signInBrowser(context, admin);
    await open(page, `/de/teams/${team.id}/members`, "Foxtrot Talent");
    const members = page.getByRole("region", { name: "Mitglieder" });
    await expect(members.getByText("Moritz Mitglied", { exact: true })).toBeVisible();
    await expect(members.getByText("Greta Gast", { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-members-admin-de");
    await page.getByRole("tab", { name: "Einladungen" }).click();
    await expect(page.getByRole("region", { name: "Offene Einladungen" }).getByText("Keine offenen Einladungen.")).toBeVisible();
    await snapshot(page, "team-invitations-de");
    await page.getByRole("tab", { name: "Anfragen" }).click();
    await expect(page.getByText("Keine Anfragen")).toBeVisible();
    await page.getByRole("link", { name: "Abrechnung" }).click();
    const billing = page.getByRole("region", { name: "Abrechnung" });
    await expect(billing.getByText("Sie bezahlen dieses Team mit Ihrem Abonnement.")).toBeVisible({ timeout: 60_000 });
    // A trial shows as a trial with its end, as the dashboard and the portal say, not as "Aktiv · Verlängert sich".
    const status = billing.getByRole("list", { name: "Status von Pro" });
    await expect(status.getByText(/^Kostenlose Testphase, endet am \d+\. .+ \d{4}$/)).toBeVisible();
    await expect(status.getByText("Aktiv", { exact: true })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-billing-de");
    await context.clearCookies();

    // A member reads the roster but may not manage billing.
    await signInBrowser(context, member);
    await open(page, `/de/teams/${team.id}/members`, "Foxtrot Talent");
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await open(page, `/de/teams/${team.id}/billing`, "Foxtrot Talent");
    await expect(page.getByText("Sie haben keine Berechtigung, die Abrechnung dieser Organisation zu verwalten.")).toBeVisible({
      timeout: 60_000,
    });
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-billing-member-de");
  });
});

const inviteTexts = {
  en: {
    members: "Members",
    invite: "Invite",
    dialog: "Invite people",
    emails: "E-mail addresses",
    send: "Send invitations",
    sent: "Invitation sent.",
    close: "Close",
    seats: "2 of 25 seats taken (members and open invitations)",
    invitations: "Invitations",
    pending: "Pending invitations",
  },
  de: {
    members: "Mitglieder",
    invite: "Einladen",
    dialog: "Personen einladen",
    emails: "E-Mail-Adressen",
    send: "Einladungen senden",
    sent: "Einladung gesendet.",
    close: "Schließen",
    seats: "2 von 25 Plätzen belegt (Mitglieder und offene Einladungen)",
    invitations: "Einladungen",
    pending: "Offene Einladungen",
  },
};

for (const lang of ["en", "de"] as const) {
  const x = inviteTexts[lang];
  test(`an admin invites from the Members tab without going to the Invitations tab (${lang}) @phone`, async ({ page, context }) => {
    const admin = await createUser("Ida Inviter");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    const team = await createTeamApi(admin, "Hotel Hiring");
    const invitee = `kai-${Date.now().toString(36)}@example.com`;
    await signInBrowser(context, admin);

    await open(page, `/${lang}/teams/${team.id}/members`, "Hotel Hiring");
    const members = page.getByRole("region", { name: x.members });
    await members.getByRole("button", { name: x.invite, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: x.dialog });
    await expect(dialog.getByLabel(x.emails)).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `team-members-invite-dialog-${lang}`);
    await dialog.getByLabel(x.emails).fill(invitee);
    await dialog.getByRole("button", { name: x.send }).click();
    await expect(dialog.getByRole("status").getByText(`${invitee}: ${x.sent}`)).toBeVisible();
    await snapshot(page, `team-members-invite-sent-${lang}`);
    await dialog.getByRole("button", { name: x.close }).click();
    await expect(dialog).toBeHidden();
    // The open invitation takes a seat at once, and the Invitations tab lists it.
    await expect(members.getByText(x.seats)).toBeVisible();
    await page.getByRole("tab", { name: x.invitations }).click();
    await expect(page.getByRole("region", { name: x.pending }).getByText(invitee)).toBeVisible();
  });
}

const signUpTexts = {
  en: {
    heading: "Join India Talent",
    text: "Ivo Inviter invited you to join the team India Talent as Member.",
    create: "Create an account",
    next: "Next",
    withEmail: "Continue with e-mail",
    name: "Full name",
    email: "E-mail",
    password: "Password",
    submit: "Create account",
    code: /verification code/,
    accept: "Accept invitation",
    welcome: "Welcome to “India Talent”",
  },
  de: {
    heading: "India Talent beitreten",
    text: "Ivo Inviter hat Sie eingeladen, dem Team India Talent als Mitglied beizutreten.",
    create: "Konto erstellen",
    next: "Weiter",
    withEmail: "Weiter mit E-Mail",
    name: "Vollständiger Name",
    email: "E-Mail",
    password: "Passwort",
    submit: "Konto erstellen",
    code: /Bestätigungscode/,
    accept: "Einladung annehmen",
    welcome: "Willkommen bei „India Talent“",
  },
};

for (const lang of ["en", "de"] as const) {
  const x = signUpTexts[lang];
  test(`an invited person without an account signs up from the invitation with the invited address, no plan to choose, and joins (${lang}) @phone`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const admin = await createUser("Ivo Inviter");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    const team = await createTeamApi(admin, "India Talent");
    const invitee = `neu-${Date.now().toString(36)}@example.com`;
    const invited = await fetch(`${process.env.E2E_BASE_URL}/api/teams/${team.id}/invitations`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: process.env.E2E_BASE_URL as string, cookie: admin.cookie, "x-language": lang },
      body: JSON.stringify({ emails: invitee, role: "member" }),
    });
    expect(invited.ok).toBe(true);
    const link = await invitationPath(invitee, /India Talent/);

    await open(page, link, x.heading);
    await expect(page.getByText(x.text)).toBeVisible();
    await expect(page.getByText(invitee)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `team-invitation-signed-out-${lang}`);
    await page.getByRole("link", { name: x.create }).click();

    // No plan to choose: the account starts on Free.
    await expect(page.getByRole("heading", { level: 1, name: x.heading })).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `sign-up-invited-${lang}`);
    await agreeToTerms(page, lang);
    await page.getByRole("button", { name: x.next }).click();
    await page.getByRole("button", { name: x.withEmail }).click();
    await page.getByLabel(x.name).fill("Nele Neu");
    await page.getByRole("button", { name: x.next }).click();
    // The invited address, filled in and locked.
    const email = page.getByLabel(x.email, { exact: true });
    await expect(email).toHaveValue(invitee);
    await expect(email).not.toBeEditable();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `sign-up-invited-credentials-${lang}`);
    await page.getByLabel(x.password, { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: x.submit }).click();
    await typeCode(page, await codeFromMail(invitee, x.code));

    // The sign-up comes back to the invitation.
    await expect(page).toHaveURL(new RegExp(`${link}$`), { timeout: 60_000 });
    await page.getByRole("button", { name: x.accept }).click();
    await expect(page.getByRole("heading", { level: 1, name: "India Talent" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("status").filter({ hasText: x.welcome })).toBeVisible();
  });
}

test("an admin verifies a domain with the mailed code; a person at it asks to join from the team list and is approved @phone", async ({
  page,
  context,
  browser,
  pageErrors,
}) => {
  test.setTimeout(300_000);
  const domain = `golf-${Date.now().toString(36)}.com`;
  // Suggestions are read when the team list loads, so Hanna's account may exist before the domain is verified.
  const [admin, hanna] = await Promise.all([
    createUser("Gina Admin"),
    createUser("Hanna Hoffmann", { email: `hanna-${Date.now().toString(36)}@${domain}` }),
  ]);
  await setSubscription(admin, { status: "active", periodDays: 30 });
  const team = await createTeamApi(admin, "Golf Staffing");
  await signInBrowser(context, admin);

  await open(page, `/en/teams/${team.id}`, "Golf Staffing");
  const domains = page.getByRole("region", { name: "Verified domains" });
  await domains.getByLabel("Domain", { exact: true }).fill("gmail.com");
  await domains.getByRole("button", { name: "Add domain" }).click();
  await expect(domains.getByText("This is a free e-mail provider's domain. Add your organization's own domain.")).toBeVisible();
  // The browser logs the server's refusal; it is the expected answer.
  const refused = pageErrors.findIndex((e) => e.includes("status of 400") && e.includes(`/api/teams/${team.id}/domains`));
  expect(refused).toBeGreaterThanOrEqual(0);
  pageErrors.splice(refused, 1);
  await domains.getByLabel("Domain", { exact: true }).fill(domain);
  await domains.getByRole("button", { name: "Add domain" }).click();
  await expect(domains.getByText("Not verified")).toBeVisible();
  await domains.getByLabel(`E-mail address at ${domain}`).fill(`hr@${domain}`);
  await domains.getByRole("button", { name: "Send code" }).click();
  await expect(domains.getByText(`A code was sent to hr@${domain}.`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, "team-domains-unverified-en");
  await domains.getByLabel("Verification code").fill(await codeFromMail(`hr@${domain}`, /Confirm/));
  await domains.getByRole("button", { name: "Verify" }).click();
  await expect(domains.getByText(`${domain} is verified.`)).toBeVisible();
  await domains.getByLabel(`Enrollment for ${domain}`).selectOption("automatic_suggestion");
  await domains.getByRole("button", { name: "Save" }).click();
  await expect(domains.getByText(`Enrollment for ${domain} saved.`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, "team-domains-verified-en");

  // Hanna, at the domain, asks to join from her team list.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const hannaPage = await other.newPage();
  await signInBrowser(other, hanna);
  await open(hannaPage, "/de/teams", "Teams");
  const offered = hannaPage.getByRole("region", { name: "Teams Ihrer Domain" });
  await offered.getByRole("button", { name: "Beitritt zu Golf Staffing anfragen" }).click();
  await expect(offered.getByText("Wartet auf Freigabe")).toBeVisible();
  expect(await axeViolations(hannaPage)).toEqual([]);
  await snapshot(hannaPage, "team-suggestions-de");

  await page.goto(`/en/teams/${team.id}/members`);
  await page.getByRole("tab", { name: "Requests" }).click();
  const requests = page.getByRole("list", { name: "Pending requests" });
  await expect(requests.getByText("Hanna Hoffmann")).toBeVisible({ timeout: 60_000 });
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, "team-requests-pending-en");
  await requests.getByRole("button", { name: "Approve Hanna Hoffmann" }).click();
  await expect(page.getByText("Hanna Hoffmann is now a member.")).toBeVisible();
  await expect(page.getByText("No requests")).toBeVisible();

  await hannaPage.reload();
  await expect(hannaPage.getByRole("region", { name: "Ihre Teams" }).getByText("Golf Staffing")).toBeVisible({ timeout: 60_000 });
  await other.close();
});

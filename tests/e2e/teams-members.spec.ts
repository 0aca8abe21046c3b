import type { Page } from "@playwright/test";
import { apiPost, createTeamApi, createUser, inviteAndAccept, setSubscription, signInBrowser, snapshot } from "./dashboard-support";
import { axeViolations, expect, mailsTo, test } from "./fixtures";

/** Opens a page of the team area and waits for its heading (slow machines included). */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
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
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return path;
}

test.describe("team members and invitations", () => {
  test.describe.configure({ timeout: 150_000 });

  test("an admin invites two addresses at once, one accepts in another browser, then the admin changes a role and removes a member @phone", async ({
    page,
    context,
    browser,
  }) => {
    const admin = await createUser("Ada Admin");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    const team = await createTeamApi(admin, "Echo Hiring");
    const [ines, jonas] = [await createUser("Ines Invited"), await createUser("Jonas Joiner")];
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
    await expect(inesPage.getByRole("heading", { level: 1, name: "Echo Hiring" })).toBeVisible({ timeout: 30_000 });
    await expect(inesPage).toHaveURL(new RegExp(`/en/teams/${team.id}$`));
    await inesPage.goto("/en/dashboard");
    await expect(inesPage.getByText("You are working in the team Echo Hiring.")).toBeVisible({ timeout: 30_000 });
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
    await expect(billing.getByText("You pay for this team with your subscription.")).toBeVisible({ timeout: 30_000 });
    await expect(billing.getByRole("list", { name: "Status of Pro" }).getByText("Current plan")).toBeVisible();
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
    const guest = await createUser("Greta Gast");
    const invited = await fetch(`${process.env.E2E_BASE_URL}/api/teams/${team.id}/invitations`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: process.env.E2E_BASE_URL as string, cookie: admin.cookie, "x-language": "de" },
      body: JSON.stringify({ emails: guest.email, role: "guest" }),
    });
    expect(invited.ok).toBe(true);
    const link = await invitationPath(guest.email, /hat Sie in das Team Foxtrot Talent eingeladen/);
    expect(link.startsWith("/de/teams/invitations/")).toBe(true);

    // Signed out: the page asks to sign in first, then brings the visitor back.
    await open(page, link, "Einladung in ein Team");
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-invitation-signed-out-de");
    await page.getByRole("link", { name: "Anmelden" }).click();
    await page.getByLabel("E-Mail").fill(guest.email);
    await page.getByLabel("Passwort", { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Foxtrot Talent beitreten" })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByText(`${admin.email} hat Sie eingeladen, dem Team Foxtrot Talent als Gast beizutreten.`)).toBeVisible();
    await snapshot(page, "team-invitation-de");
    await page.getByRole("button", { name: "Einladung annehmen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Foxtrot Talent" })).toBeVisible({ timeout: 30_000 });
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
    await expect(billing.getByText("Sie bezahlen dieses Team mit Ihrem Abonnement.")).toBeVisible({ timeout: 30_000 });
    await expect(billing.getByRole("list", { name: "Status von Pro" }).getByText("Aktiv")).toBeVisible();
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
      timeout: 30_000,
    });
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-billing-member-de");
  });
});

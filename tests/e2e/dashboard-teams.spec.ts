import { apiPost, createTeamApi, createUser, inviteAndAccept, openDashboard, setSubscription, signInBrowser } from "./dashboard-support";
import { axeViolations, expect, test } from "./fixtures";
import { snapshot } from "./snapshot";

test.describe("dashboard teams", () => {
  // Each test signs users up (password hashing) and checks accessibility: generous on a busy machine.
  test.describe.configure({ timeout: 240_000 });

  test("a second user invited to a team sees it under Invited Teams and can view it @phone", async ({ page, context }) => {
    const admin = await createUser("Team Admin");
    await setSubscription(admin, { status: "trialing", trialDays: 20 });
    const team = await createTeamApi(admin, "Talent Scouts");
    const member = await createUser("Team Member");
    await inviteAndAccept(admin, member, team.id);

    await signInBrowser(context, member);
    await openDashboard(page);
    const invited = page.getByRole("region", { name: "Invited Teams" });
    await expect(invited.getByText("Talent Scouts")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your Teams" })).toContainText("You haven't created any teams yet");
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "dashboard-invited-en");

    await invited.getByRole("button", { name: "View Talent Scouts" }).click();
    await expect(page).toHaveURL(new RegExp(`/en/teams/${team.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Talent Scouts" })).toBeVisible();
    await page.getByRole("link", { name: "Members" }).click();
    const roster = page.getByRole("list", { name: "Team members" });
    await expect(roster.getByText("Team Admin", { exact: true })).toBeVisible();
    await expect(roster.getByText(member.email)).toBeVisible();
    await expect(page.getByRole("button", { name: "Manage billing" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-profile-member-en");

    // A member cannot open the team's billing, whatever the page shows.
    const portal = await apiPost(`/api/create-portal-session?organizationId=${team.id}`, null, member);
    expect(portal.status).toBe(403);
  });

  test("Your Teams pages 5 teams at a time; Manage opens the team profile @phone", async ({ page, context }) => {
    const admin = await createUser("Busy Recruiter");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    for (let i = 1; i <= 7; i++) await createTeamApi(admin, `Team ${i}`);
    await signInBrowser(context, admin);
    await openDashboard(page, "de");
    const yours = page.getByRole("region", { name: "Ihre Teams" });
    await expect(yours.getByRole("listitem")).toHaveCount(5);
    await expect(yours).toContainText("Seite 1 von 2");
    await snapshot(page, "dashboard-paging-de");
    await yours.getByRole("button", { name: "Nächste Seite" }).click();
    await expect(yours.getByRole("listitem")).toHaveCount(2);
    await expect(yours.getByText("Team 7")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await yours.getByRole("button", { name: "Team 7 verwalten" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Team 7" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Abrechnung verwalten" })).toBeVisible();
    await snapshot(page, "team-profile-admin-de");
  });

  test("a pro user creates a team in the dialog; the address is derived and unique @phone", async ({ page, context }) => {
    const pro = await createUser("Dialog User");
    await setSubscription(pro, { status: "trialing", trialDays: 25 });
    await signInBrowser(context, pro);
    await openDashboard(page);
    await page.getByRole("button", { name: "Create a Team" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a team" });
    await dialog.getByRole("button", { name: "Create team" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please enter a team name");
    await dialog.getByLabel("Team name").fill("Héadhunters Nord");
    await expect(dialog).toContainText("URL name: headhunters-nord");
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "dashboard-create-team-en");
    await dialog.getByRole("button", { name: "Create team" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("region", { name: "Your Teams" }).getByRole("listitem").getByText("Héadhunters Nord")).toBeVisible();
  });

  for (const [lang, x] of [
    [
      "en",
      {
        yours: "Your Teams",
        createNew: "Create New",
        dialog: "Create a team",
        name: "Team name",
        submit: "Create team",
        page: "Page 2 of 2",
      },
    ],
    [
      "de",
      {
        yours: "Ihre Teams",
        createNew: "Neu erstellen",
        dialog: "Team erstellen",
        name: "Teamname",
        submit: "Team erstellen",
        page: "Seite 2 von 2",
      },
    ],
  ] as const) {
    test(`a team just created is shown, on the list's last page when there are more (${lang}) @phone`, async ({ page, context }) => {
      const pro = await createUser("Many Teams");
      await setSubscription(pro, { status: "active", periodDays: 30 });
      for (let i = 1; i <= 5; i++) await createTeamApi(pro, `Older ${i}`);
      await signInBrowser(context, pro);
      await openDashboard(page, lang);
      const yours = page.getByRole("region", { name: x.yours });
      await yours.getByRole("button", { name: x.createNew }).click();
      const dialog = page.getByRole("dialog", { name: x.dialog });
      await dialog.getByLabel(x.name).fill("Newest Crew");
      await dialog.getByRole("button", { name: x.submit }).click();
      await expect(dialog).toBeHidden();
      await expect(yours.getByRole("listitem").getByText("Newest Crew", { exact: true })).toBeVisible();
      await expect(yours).toContainText(x.page);
      await expect(yours.getByRole("status")).toHaveText(lang === "de" ? "Team Newest Crew erstellt." : "Team Newest Crew created.");
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `dashboard-team-created-${lang}`);
    });
  }

  test("the server refuses team creation to a non-pro user (403)", async ({ page, context }) => {
    const user = await createUser("Not Pro");
    await signInBrowser(context, user);
    await openDashboard(page);
    await expect(page.getByText("Upgrade to Pro to create teams")).toBeVisible();
    const viaTeams = await apiPost("/api/teams", { name: "Sneaky" }, user);
    expect(viaTeams.status).toBe(403);
    expect(await viaTeams.json()).toEqual({ message: "Upgrade to Pro to create teams", code: "teams_pro_only" });
    const viaAuth = await apiPost("/api/auth/organization/create", { name: "Sneaky", slug: "sneaky" }, user);
    expect(viaAuth.status).toBe(403);
  });
});

import { wideLogoPng } from "../support/images";
import {
  createTeamApi,
  createUser,
  inviteAndAccept,
  openDashboard,
  setSubscription,
  signInBrowser,
  uploadTeamLogoApi,
} from "./dashboard-support";
import { axeViolations, expect, test } from "./fixtures";
import { englishIn } from "./site-helpers";
import { snapshot } from "./snapshot";

/** Opens a page of the team area and waits for its heading (slow machines included). */
async function open(page: import("@playwright/test").Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
}

test.describe("team management", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a pro user creates a team on the team list, switches to it, and the dashboard and menu show it @phone", async ({
    page,
    context,
  }) => {
    const pro = await createUser("Paula Pro");
    await setSubscription(pro, { status: "active", periodDays: 30 });
    await createTeamApi(pro, "Alpha Hiring");
    await signInBrowser(context, pro);

    await open(page, "/en/teams", "Teams");
    const personal = page.getByRole("region", { name: "Personal account" });
    await expect(personal.getByText("Active", { exact: true })).toBeVisible();
    const teams = page.getByRole("region", { name: "Your teams" });
    await expect(teams.getByText("Alpha Hiring")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "teams-list-en");

    await page.getByRole("button", { name: "Create team" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a team" });
    await dialog.getByLabel("Team name").fill("Bravo Recruiting");
    await dialog.getByRole("button", { name: "Create team" }).click();
    await expect(dialog).toBeHidden();
    await expect(teams.getByText("Bravo Recruiting")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Team “Bravo Recruiting” created" })).toBeVisible();

    await teams.getByRole("button", { name: "Switch to Bravo Recruiting" }).click();
    await expect(page.getByText("Active: Bravo Recruiting")).toBeVisible();
    await expect(personal.getByRole("button", { name: "Switch to personal account" })).toBeVisible();
    await snapshot(page, "teams-list-switched-en");

    await page.goto("/en/dashboard");
    await expect(page.getByText("You are working in the team Bravo Recruiting.")).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: "Paula Pro" }).click();
    await expect(page.getByText("Active team: Bravo Recruiting")).toBeVisible();

    // The dashboard's Manage icon opens the team with that team active.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Manage Alpha Hiring" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Alpha Hiring" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Team profile" }).getByLabel("Team name")).toHaveValue("Alpha Hiring");
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-general-admin-en");
    await page.goto("/en/dashboard");
    await expect(page.getByText("You are working in the team Alpha Hiring.")).toBeVisible({ timeout: 60_000 });
  });

  test("an admin renames a team, changes its slug, and deletes it after typing its name @phone", async ({ page, context, pageErrors }) => {
    const admin = await createUser("Anna Admin");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    const team = await createTeamApi(admin, "Gamma Talent");
    await createTeamApi(admin, "Delta Talent");
    const member = await createUser("Moritz Mitglied");
    await inviteAndAccept(admin, member, team.id);
    await signInBrowser(context, admin);

    await open(page, "/de/teams", "Teams");
    await snapshot(page, "teams-list-de");
    await page.getByRole("link", { name: "Gamma Talent öffnen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Gamma Talent" })).toBeVisible();
    const profile = page.getByRole("region", { name: "Teamprofil" });
    await profile.getByLabel("Adresse im Link").fill("Gamma Nord");
    await profile.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(
      profile.getByText("Verwenden Sie Kleinbuchstaben und Ziffern, mit einzelnen Bindestrichen zwischen Wörtern.").first(),
    ).toBeVisible();
    await profile.getByLabel("Teamname").fill("Gamma Nord");
    await profile.getByLabel("Adresse im Link").fill("gamma-nord");
    await profile.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Gamma Nord" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Teamprofil" }).getByLabel("Adresse im Link")).toHaveValue("gamma-nord");
    // A logo, chosen the way a person chooses a file.
    const logo = page.getByRole("region", { name: "Logo" });
    const chooser = page.waitForEvent("filechooser");
    await logo.getByRole("button", { name: "Logo hochladen" }).click();
    await (await chooser).setFiles({
      name: "logo.gif",
      mimeType: "image/gif",
      buffer: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
    });
    await expect(logo.getByRole("status")).toHaveText("Das Logo wurde gespeichert.");
    await expect(logo.getByRole("img", { name: "Logo von Gamma Nord" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-general-admin-de");

    await page.getByRole("link", { name: "Mitglieder" }).click();
    await expect(page.getByRole("list", { name: "Mitglieder des Teams" }).getByText("Moritz Mitglied", { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-members-de");
    await page.getByRole("link", { name: "Allgemein" }).click();

    // The only admin can neither leave nor be left without one. Leaving asks, without a name to type.
    await page.getByRole("button", { name: "Team verlassen" }).click();
    const leave = page.getByRole("dialog", { name: "Gamma Nord verlassen?" });
    await expect(leave.getByRole("textbox")).toHaveCount(0);
    await leave.getByRole("button", { name: "Team verlassen" }).click();
    await expect(leave.getByRole("alert")).toHaveText(
      "Ein Team braucht mindestens einen Admin. Machen Sie zuerst ein anderes Mitglied zum Admin.",
    );
    await leave.getByRole("button", { name: "Abbrechen" }).click();
    // The refusal is the expected answer, not a fault of the page.
    const refused = pageErrors.findIndex((e) => e.includes("status of 403") && e.includes("/api/auth/organization/leave"));
    expect(refused).toBeGreaterThanOrEqual(0);
    pageErrors.splice(refused, 1);

    await page.getByRole("button", { name: "Team löschen" }).click();
    const remove = page.getByRole("dialog", { name: "Gamma Nord löschen?" });
    await expect(remove.getByText("Das Abonnement, das dieses Team bezahlt, bleibt unverändert.")).toBeVisible();
    await remove.getByLabel("Geben Sie „Gamma Nord“ zur Bestätigung ein").fill("Gamma Süd");
    await remove.getByRole("button", { name: "Team löschen" }).click();
    await expect(remove.getByRole("alert")).toHaveText("Geben Sie zur Bestätigung den Namen des Teams ein, wie er angezeigt wird.");
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-delete-dialog-de");
    // The name as a person types it: another case, spaces around and between.
    await remove.getByLabel("Geben Sie „Gamma Nord“ zur Bestätigung ein").fill("  GAMMA   nord ");
    await remove.getByRole("button", { name: "Team löschen" }).click();
    await expect(page).toHaveURL(/\/de\/teams$/);
    await expect(page.getByRole("status").filter({ hasText: "Team „Gamma Nord“ gelöscht" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-deleted-de");
    const teams = page.getByRole("region", { name: "Ihre Teams" });
    await expect(teams.getByText("Delta Talent")).toBeVisible();
    await expect(teams.getByText("Gamma Nord")).toHaveCount(0);
  });

  test("a member sees the team read-only and leaves it after a plain confirmation @phone", async ({ page, context }) => {
    const admin = await createUser("Otto Owner");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    const team = await createTeamApi(admin, "Echo Search");
    const member = await createUser("Mia Member");
    await inviteAndAccept(admin, member, team.id);
    await signInBrowser(context, member);

    await open(page, `/en/teams/${team.id}`, "Echo Search");
    await expect(page.getByText("Your role: Member")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete team" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Manage billing" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-general-member-en");
    await page.getByRole("link", { name: "Members" }).click();
    await expect(page.getByRole("list", { name: "Team members" }).getByText("Otto Owner", { exact: true })).toBeVisible();
    await snapshot(page, "team-members-en");
    await page.getByRole("link", { name: "General" }).click();

    await page.getByRole("button", { name: "Leave team" }).click();
    const leave = page.getByRole("dialog", { name: "Leave Echo Search?" });
    await expect(leave.getByText("You lose access to this team until an admin invites you again.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, "team-leave-dialog-en");
    await leave.getByRole("button", { name: "Leave team" }).click();
    await expect(page).toHaveURL(/\/en\/teams$/);
    await expect(page.getByRole("status").filter({ hasText: "You left “Echo Search”" })).toBeVisible();
    await snapshot(page, "team-left-en");
    await expect(page.getByText("You are not a member of any team yet.")).toBeVisible();
    await expect(page.getByText("Active: your personal account")).toBeVisible();
  });
});

test("a team's logo shows whole wherever the team shows: dashboard, team list, user menu and the team's page @phone", async ({
  page,
  context,
}) => {
  const pro = await createUser("Lena Logo");
  await setSubscription(pro, { status: "active", periodDays: 30 });
  const team = await createTeamApi(pro, "Talent Wide");
  const logo = await uploadTeamLogoApi(pro, team.id, await wideLogoPng());
  await signInBrowser(context, pro);
  // Contained in its square, never cropped: the whole word mark is drawn, letterboxed.
  const shownWhole = async (where: import("@playwright/test").Locator) => {
    const image = where.locator(`img[src="${logo}"]`).first();
    await expect(image).toBeVisible();
    expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
  };

  await openDashboard(page);
  await shownWhole(page.getByRole("region", { name: "Your Teams" }));
  await snapshot(page, "team-logo-dashboard-en");

  await open(page, "/en/teams", "Teams");
  await shownWhole(page.getByRole("region", { name: "Your teams" }));
  await page.getByRole("region", { name: "Your teams" }).getByRole("button", { name: "Switch to Talent Wide" }).click();
  await expect(page.getByText("Active: Talent Wide")).toBeVisible();
  await snapshot(page, "team-logo-list-en");
  await page.getByRole("button", { name: "Lena Logo" }).click();
  await expect(page.getByText("Active team: Talent Wide")).toBeVisible();
  await shownWhole(page.locator("header"));
  await snapshot(page, "team-logo-menu-en");
  await page.keyboard.press("Escape");

  await open(page, `/en/teams/${team.id}`, "Talent Wide");
  await shownWhole(page.getByRole("main"));
  await expect(page.getByRole("region", { name: "Logo" }).getByRole("img", { name: "Logo of Talent Wide" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, "team-logo-general-en");
});

test("a team's pages with its id in the address are German throughout: text, tab title and labels (de) @phone", async ({
  page,
  context,
}) => {
  const pro = await createUser("Greta Gruendlich");
  await setSubscription(pro, { status: "active", periodDays: 30 });
  const team = await createTeamApi(pro, "Gamma Personal");
  await signInBrowser(context, pro);
  for (const tab of ["", "/members", "/billing"]) {
    await open(page, `/de/teams/${team.id}${tab}`, "Gamma Personal");
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    // The team's header switches language like the account's and the console's, on the same page.
    await expect(page.getByRole("banner").getByRole("link", { name: "English" })).toHaveAttribute("href", `/en/teams/${team.id}${tab}`);
    const labels = await page.locator("[aria-label]").evaluateAll((all) => all.map((e) => e.getAttribute("aria-label")));
    // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, without what is hidden
    const text = [await page.title(), await page.locator("body").innerText(), ...labels].join("\n");
    expect(englishIn(text, ["common", "teams"])).toEqual([]);
  }
});

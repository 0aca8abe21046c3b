import { agreeToTerms, signInAtGoogleAs, test, uniqueEmail } from "./accounts-support";
import { apiPost, createTeamApi, createUser, setSubscription } from "./dashboard-support";
import { axeViolations, expect } from "./fixtures";
import { snapshot } from "./snapshot";

test("a pro signs up with Google and returns to the payment step with the team", async ({ page, context }) => {
  const email = uniqueEmail("g-pro");
  await signInAtGoogleAs(context, { email, given_name: "Margaret", family_name: "Hamilton" });
  await page.goto("/de/sign-up");
  await page.getByRole("radio", { name: /^Pro/ }).check();
  await page.getByLabel("Teamname").fill("Apollo Hiring");
  await agreeToTerms(page, "de");
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("button", { name: "Weiter mit Google" }).click();
  await expect(page).toHaveURL("/de/sign-up?oauth=complete");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");
  const session = await (await page.request.get("/api/auth/get-session")).json();
  expect(session.user).toMatchObject({
    email,
    firstName: "Margaret",
    lastName: "Hamilton",
    planType: "pro",
    teamName: "Apollo Hiring",
    locale: "de",
  });
  const orgs = await (await page.request.get("/api/auth/organization/list")).json();
  expect(orgs.map((o: { name: string }) => o.name)).toEqual(["Apollo Hiring"]);
});

test("an individual signs up with Google and lands on the dashboard, then signs in with Google again", async ({ page, context }) => {
  const email = uniqueEmail("g-ind");
  await signInAtGoogleAs(context, { email, given_name: "Dorothy", family_name: "Vaughan" });
  await page.goto("/en/sign-up");
  await agreeToTerms(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL("/en/dashboard");
  await expect(page.getByText(email)).toBeVisible();
  // Let the dashboard finish loading its lists before the session goes away.
  await expect(page.getByText("You have not been invited to any teams yet")).toBeVisible();

  await context.clearCookies({ name: /session/ });
  await page.goto("/en/sign-in");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL("/en/dashboard");
  await expect(page.getByText(email)).toBeVisible();
});

test("a refused Google sign-up shows the failure message", async ({ page }) => {
  // No identity at the provider: it answers access_denied.
  await page.goto("/en/sign-up");
  await agreeToTerms(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/en\/sign-up\?oauth=error/);
  await expect(page.getByRole("alert")).toHaveText("Could not authenticate with Google. Please try again.");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
});

test("a pro Google sign-up without a team name returns to the plan step, and naming the team leads to payment", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("g-noteam");
  await signInAtGoogleAs(context, { email, given_name: "Annie", family_name: "Easley" });
  // The team name is carried by the wizard; a bare return with pro and no team lands on step 1.
  await page.goto("/en/sign-up");
  await agreeToTerms(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.evaluate(async () => {
    const res = await fetch("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        provider: "google",
        callbackURL: "/en/sign-up?oauth=complete",
        errorCallbackURL: "/en/sign-up?oauth=error",
        additionalData: { planType: "pro", legalConsent: true },
      }),
    });
    window.location.href = (await res.json()).url;
  });
  await expect(page).toHaveURL("/en/sign-up?oauth=complete");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByRole("radio", { name: /^Pro/ })).toBeChecked();
  await page.getByLabel("Team name").fill("Easley Search");
  await agreeToTerms(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");
  // Only pro users create teams: the named team comes with the started trial.
  await page.getByRole("button", { name: "Start 30-day trial" }).click();
  await page.getByRole("button", { name: "Start 30-day trial" }).click();
  await expect(page).toHaveURL("/en/dashboard?checkout=success");
  const orgs = await (await page.request.get("/api/auth/organization/list")).json();
  expect(orgs.map((o: { name: string }) => o.name)).toEqual(["Easley Search"]);
});

for (const lang of ["en", "de"] as const) {
  const x = {
    en: {
      create: "Create an account",
      next: "Next",
      google: "Continue with Google",
      note: (invited: string) =>
        `Use Google only with the Google account for ${invited}: the invitation is for that address. With another Google account you get an account of your own, and the invitation stays open.`,
      refused: "This invitation was sent to another e-mail address.",
      named: (invited: string, email: string) =>
        `This invitation was sent to ${invited}, and you are signed in as ${email}. It stays open: sign in with ${invited} to accept it.`,
      accept: "Accept invitation",
    },
    de: {
      create: "Konto erstellen",
      next: "Weiter",
      google: "Weiter mit Google",
      note: (invited: string) =>
        `Nutzen Sie Google nur mit dem Google-Konto für ${invited}: Die Einladung gilt für diese Adresse. Mit einem anderen Google-Konto erhalten Sie ein eigenes Konto, und die Einladung bleibt offen.`,
      refused: "Diese Einladung wurde an eine andere E-Mail-Adresse geschickt.",
      named: (invited: string, email: string) =>
        `Diese Einladung ging an ${invited}, Sie sind aber als ${email} angemeldet. Sie bleibt offen: Melden Sie sich mit ${invited} an, um sie anzunehmen.`,
      accept: "Einladung annehmen",
    },
  }[lang];
  test(`Google from an invitation offers the invited address, and another Google address leaves the invitation open (${lang}) @phone`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const admin = await createUser("Ines Inviter");
    await setSubscription(admin, { status: "active", periodDays: 30 });
    const team = await createTeamApi(admin, "Golf Talent");
    const invited = uniqueEmail("g-invited");
    const sent = await apiPost(`/api/teams/${team.id}/invitations`, { emails: invited, role: "member" }, admin);
    const { results } = (await sent.json()) as { results: { invitationId?: string }[] };
    const invitationId = results[0]?.invitationId as string;
    expect(invitationId).toBeTruthy();

    const other = uniqueEmail("g-other");
    await signInAtGoogleAs(context, { email: other, given_name: "Olive", family_name: "Other" });
    await page.goto(`/${lang}/teams/invitations/${invitationId}`);
    await page.getByRole("link", { name: x.create }).click();
    await agreeToTerms(page, lang);
    await page.getByRole("button", { name: x.next }).click();
    // Google says first that only the invited address joins, and is asked to offer that address.
    const google = page.getByRole("button", { name: x.google });
    await expect(google).toHaveAccessibleDescription(x.note(invited));
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `sign-up-invited-google-${lang}`);
    const authorize = page.waitForRequest((r) => new URL(r.url()).origin === new URL(process.env.E2E_OIDC_ISSUER as string).origin);
    await google.click();
    expect(new URL((await authorize).url()).searchParams.get("login_hint")).toBe(invited);

    // Back from Google with another address: the invitation page says so, names both, and offers no Accept.
    await expect(page).toHaveURL(new RegExp(`/${lang}/teams/invitations/${invitationId}$`), { timeout: 60_000 });
    await expect(page.getByRole("alert")).toHaveText(x.refused);
    await expect(page.getByText(x.named(invited, other))).toBeVisible();
    await expect(page.getByRole("button", { name: x.accept })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, `team-invitation-other-address-${lang}`);
    // The invitation stays open for the invited address, and the Google account joined nothing.
    expect((await page.request.get(`/api/invitations/${invitationId}`)).status()).toBe(200);
    const accepted = await page.request.post("/api/auth/organization/accept-invitation", {
      headers: { origin: process.env.E2E_BASE_URL as string },
      data: { invitationId },
    });
    expect(accepted.status()).toBe(403);
    expect((await accepted.json()).code).toBe("invitation_for_other_address");
    expect(await (await page.request.get("/api/auth/organization/list")).json()).toEqual([]);
  });
}

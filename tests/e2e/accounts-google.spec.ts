import { agreeToTerms, signInAtGoogleAs, test, uniqueEmail } from "./accounts-support";
import { expect } from "./fixtures";

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

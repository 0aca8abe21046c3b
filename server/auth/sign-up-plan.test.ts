import { describe, expect, it } from "vitest";
import { signUpPlan, splitName, teamSlug } from "./sign-up-plan";

describe("signUpPlan", () => {
  it("asks for a team with the user as org:admin for pro with a team name", () => {
    expect(signUpPlan({ planType: "pro", teamName: "  Acme  " }, { requireTeamName: true })).toEqual({
      planType: "pro",
      teamName: "Acme",
      createOrganization: true,
      organizationName: "Acme",
      organizationRole: "org:admin",
    });
  });
  it("drops the team name for individual and treats unknown plans as individual", () => {
    expect(signUpPlan({ planType: "enterprise", teamName: "Acme" }, { requireTeamName: true })).toMatchObject({
      planType: "individual",
      teamName: null,
      createOrganization: false,
    });
  });
  it("refuses pro without a team name on the e-mail route and allows it on the Google route", () => {
    expect(() => signUpPlan({ planType: "pro", teamName: " " }, { requireTeamName: true })).toThrow(/team name/);
    expect(signUpPlan({ planType: "pro" }, { requireTeamName: false })).toMatchObject({ planType: "pro", createOrganization: false });
  });
  it("splits names and makes unique URL-safe slugs", () => {
    expect(splitName("Ada King Lovelace")).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
    expect(teamSlug("Müller & Söhne GmbH")).toMatch(/^muller-sohne-gmbh-[0-9a-f]{8}$/);
    expect(teamSlug("Müller")).not.toBe(teamSlug("Müller"));
  });
});

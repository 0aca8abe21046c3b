import { describe, expect, it } from "vitest";
import { checkNameLengths, signUpPlan } from "./sign-up-plan";

describe("signUpPlan", () => {
  it("asks for a team with the user as its admin for pro with a team name", () => {
    expect(signUpPlan({ planType: "pro", teamName: "  Acme  " }, { requireTeamName: true })).toEqual({
      planType: "pro",
      teamName: "Acme",
      createOrganization: true,
      organizationName: "Acme",
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
    expect(() => signUpPlan({ planType: "pro", teamName: " " }, { requireTeamName: true })).toThrow(
      expect.objectContaining({ body: expect.objectContaining({ code: "team_name_required" }) }),
    );
    expect(signUpPlan({ planType: "pro" }, { requireTeamName: false })).toMatchObject({ planType: "pro", createOrganization: false });
  });
  it("refuses names over 256 characters", () => {
    expect(() => checkNameLengths({ name: "a".repeat(257) })).toThrow(
      expect.objectContaining({ body: expect.objectContaining({ code: "form_param_max_length_exceeded" }) }),
    );
    expect(() => checkNameLengths({ name: "a".repeat(256), lastName: "b" })).not.toThrow();
  });
});

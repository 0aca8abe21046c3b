// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { EMPTY_FORM, loadForm, reachableStep, saveForm, stepEntry, stepForSignedInUser } from "./state";

afterEach(() => sessionStorage.clear());

describe("sign-up state", () => {
  it("sends a signed-in pro with a team to payment, pro without one to the plan, individual to the dashboard", () => {
    expect(stepForSignedInUser({ planType: "pro", teamName: "A" })).toBe(6);
    expect(stepForSignedInUser({ planType: "pro", teamName: null })).toBe(1);
    expect(stepForSignedInUser({ planType: "individual" })).toBe("dashboard");
  });

  it("reads a history entry's step and ignores anything else", () => {
    expect(stepEntry({ step: 4, prev: 3 })).toEqual({ step: 4, prev: 3 });
    expect(stepEntry({ step: 7 })).toBeNull();
    expect(stepEntry({ verifyEmail: "a@example.com" })).toBeNull();
    expect(stepEntry(null)).toBeNull();
  });

  it("falls back to the first step whose earlier answers are missing", () => {
    const filled = { ...EMPTY_FORM, fullName: "Ada", email: "ada@example.com", legalConsent: true };
    expect(reachableStep(5, filled, false)).toBe(5);
    expect(reachableStep(5, { ...filled, email: "" }, false)).toBe(4);
    expect(reachableStep(5, { ...EMPTY_FORM, email: "ada@example.com" }, false)).toBe(5);
    expect(reachableStep(4, { ...EMPTY_FORM, legalConsent: true }, false)).toBe(3);
    expect(reachableStep(4, EMPTY_FORM, false)).toBe(1);
    expect(reachableStep(3, { ...EMPTY_FORM, planType: "pro", legalConsent: true }, false)).toBe(1);
    expect(reachableStep(6, filled, false)).toBe(5);
    expect(reachableStep(6, filled, undefined)).toBe(6);
    expect(reachableStep(6, EMPTY_FORM, true)).toBe(6);
  });

  it("keeps everything entered across a reload except the password", () => {
    saveForm({
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      password: "secret123",
      planType: "pro",
      teamName: "Engines",
      legalConsent: true,
    });
    expect(sessionStorage.getItem("signUpWizard")).not.toContain("secret123");
    expect(loadForm()).toEqual({
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      password: "",
      planType: "pro",
      teamName: "Engines",
      legalConsent: true,
    });
    sessionStorage.setItem("signUpWizard", "{broken");
    expect(loadForm()).toBeNull();
  });
});

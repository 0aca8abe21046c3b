import { describe, expect, it } from "vitest";
import { splitFullName, stepForSignedInUser } from "./sign-up-state";

describe("sign-up state", () => {
  it("splits the full name on spaces: first word, then the rest", () => {
    expect(splitFullName("  Grace   Brewster Hopper ")).toEqual({ firstName: "Grace", lastName: "Brewster Hopper" });
    expect(splitFullName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });
  it("sends a signed-in pro with a team to payment, pro without one to the plan, individual to the dashboard", () => {
    expect(stepForSignedInUser({ planType: "pro", teamName: "A" })).toBe(6);
    expect(stepForSignedInUser({ planType: "pro", teamName: null })).toBe(1);
    expect(stepForSignedInUser({ planType: "individual" })).toBe("dashboard");
  });
});

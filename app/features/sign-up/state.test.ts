import { describe, expect, it } from "vitest";
import { stepForSignedInUser } from "./state";

describe("sign-up state", () => {
  it("sends a signed-in pro with a team to payment, pro without one to the plan, individual to the dashboard", () => {
    expect(stepForSignedInUser({ planType: "pro", teamName: "A" })).toBe(6);
    expect(stepForSignedInUser({ planType: "pro", teamName: null })).toBe(1);
    expect(stepForSignedInUser({ planType: "individual" })).toBe("dashboard");
  });
});

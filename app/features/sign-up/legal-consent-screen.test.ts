import { describe, expect, it } from "vitest";
import { continueTo } from "./legal-consent-screen";

describe("after agreeing to the terms", () => {
  it("continues to a page of this site in the same language, else to the dashboard", () => {
    expect(continueTo("/de/teams/abc?tab=members", "de")).toBe("/de/teams/abc?tab=members");
    expect(continueTo(null, "en")).toBe("/en/dashboard");
    expect(continueTo("/de/account", "en")).toBe("/en/dashboard");
    expect(continueTo("//evil.example/en/", "en")).toBe("/en/dashboard");
    expect(continueTo("https://evil.example/en/", "en")).toBe("/en/dashboard");
    expect(continueTo("/en/\\evil.example", "en")).toBe("/en/dashboard");
  });
});

import { describe, expect, it } from "vitest";
import { splitName } from "./names";

describe("splitName", () => {
  it("splits the full name on spaces: first word, then the rest", () => {
    expect(splitName("  Grace   Brewster Hopper ")).toEqual({ firstName: "Grace", lastName: "Brewster Hopper" });
    expect(splitName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });
});

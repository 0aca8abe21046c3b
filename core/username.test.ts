import { describe, expect, it } from "vitest";
import { isUsernameIdentifier, usernameProblem } from "./username";

describe("usernameProblem", () => {
  it("accepts 3 to 30 letters, digits and underscores", () => {
    expect(usernameProblem("ada")).toBeNull();
    expect(usernameProblem("Ada_Lovelace_1815")).toBeNull();
    expect(usernameProblem("a".repeat(30))).toBeNull();
  });
  it("refuses names that are too short or too long", () => {
    expect(usernameProblem("ab")).toBe("length");
    expect(usernameProblem("a".repeat(31))).toBe("length");
  });
  it("refuses dots, spaces, hyphens and letters outside the Latin alphabet", () => {
    for (const name of ["ada.l", "ada l", "ada-l", "adä"]) expect(usernameProblem(name)).toBe("characters");
  });
});

describe("isUsernameIdentifier", () => {
  it("takes anything without an @ as a username", () => {
    expect(isUsernameIdentifier("ada_l")).toBe(true);
    expect(isUsernameIdentifier("ada@example.com")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { missingCharacterKinds, passwordProblem } from "./password";

describe("passwordProblem", () => {
  const plain = { complexity: false };
  it("needs at least 8 characters, counted as characters", () => {
    expect(passwordProblem("short12", plain)).toBe("form_password_length_too_short");
    expect(passwordProblem("ÄÖÜäöüßé", plain)).toBeNull();
  });
  it("allows at most 72 bytes in UTF-8", () => {
    expect(passwordProblem("a".repeat(72), plain)).toBeNull();
    expect(passwordProblem("a".repeat(73), plain)).toBe("form_password_size_in_bytes_exceeded");
    // 24 euro signs are 72 bytes; one more is 75.
    expect(passwordProblem("€".repeat(24), plain)).toBeNull();
    expect(passwordProblem("€".repeat(25), plain)).toBe("form_password_size_in_bytes_exceeded");
  });
  it("asks for four kinds of characters only when complexity is on", () => {
    expect(passwordProblem("lowercase only", plain)).toBeNull();
    expect(passwordProblem("lowercase only", { complexity: true })).toBe("form_password_not_strong_enough");
    expect(passwordProblem("Mixed Case 42!", { complexity: true })).toBeNull();
    expect(missingCharacterKinds("abcDEF12")).toEqual(["special"]);
  });
});

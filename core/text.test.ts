import { describe, expect, it } from "vitest";
import { characterCount } from "./text";

describe("characterCount", () => {
  it("counts an emoji or a letter outside the basic plane as one character", () => {
    expect(characterCount("😀".repeat(80))).toBe(80);
    expect(characterCount("𝔸bc")).toBe(3);
    expect(characterCount("")).toBe(0);
  });
});

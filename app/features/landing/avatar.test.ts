import { describe, expect, it } from "vitest";
import { avatarIndexForName } from "./avatar";

describe("avatarIndexForName", () => {
  it("is the character-code sum of the name modulo 70", () => {
    // "Ab" = 65 + 98 = 163; 163 % 70 = 23
    expect(avatarIndexForName("Ab")).toBe(23);
    expect(avatarIndexForName("")).toBe(0);
  });
  it("always lies in 0..69", () => {
    for (const name of ["Sarah Whitfield", "Jonas Berger", "Amira Haddad", "Ünal Öztürk"]) {
      const n = avatarIndexForName(name);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(70);
    }
  });
});

import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box.js";

describe("the identity providers' secrets at rest", () => {
  it("opens what it sealed, and not under another AUTH_SECRET nor once altered", () => {
    const sealed = sealSecret("first-secret-first-secret-first", "client-secret-value");
    expect(sealed).not.toContain("client-secret-value");
    expect(openSecret("first-secret-first-secret-first", sealed)).toBe("client-secret-value");
    expect(openSecret("other-secret-other-secret-other", sealed)).toBeNull();
    expect(openSecret("first-secret-first-secret-first", `${sealed.slice(0, -2)}AA`)).toBeNull();
  });
});

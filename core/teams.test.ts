import { describe, expect, it } from "vitest";
import { isAdminRole, slugify } from "./teams";

describe("slugify", () => {
  it("derives a readable address from a team name", () => {
    expect(slugify("Acme Recruiting")).toBe("acme-recruiting");
    expect(slugify("  Müller & Söhne GmbH ")).toBe("muller-sohne-gmbh");
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("!!!")).toBe("team");
  });
});

describe("isAdminRole", () => {
  it("finds the admin role in a stored role list", () => {
    expect(isAdminRole("admin")).toBe(true);
    expect(isAdminRole("member,admin")).toBe(true);
    expect(isAdminRole("member")).toBe(false);
  });
});

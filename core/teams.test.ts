import { describe, expect, it } from "vitest";
import { isAdminRole, isTeamName, isValidSlug, matchesTeamName, roleCan, slugify, TEAM_NAME_MAX } from "./teams";

describe("slugify", () => {
  it("derives a readable address from a team name", () => {
    expect(slugify("Acme Recruiting")).toBe("acme-recruiting");
    expect(slugify("  Müller & Söhne GmbH ")).toBe("mueller-soehne-gmbh");
    expect(slugify("Müller + Partner")).toBe("mueller-partner");
    // A decomposed umlaut (u and a combining diaeresis) is the same letter.
    expect(slugify("Mu\u0308ller ÄRZTE")).toBe("mueller-aerzte");
    expect(slugify("Café Crème")).toBe("cafe-creme");
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

describe("roles", () => {
  it("grants admins everything, members the roster, guests nothing beyond the name", () => {
    expect(roleCan("admin", { organization: ["delete"], billing: ["manage"] })).toBe(true);
    expect(roleCan("member", { roster: ["read"] })).toBe(true);
    expect(roleCan("member", { member: ["update"] })).toBe(false);
    expect(roleCan("guest", { roster: ["read"] })).toBe(false);
    expect(roleCan("owner", { organization: ["delete"] })).toBe(false);
  });

  it("follows one slug rule", () => {
    expect(isValidSlug("acme-recruiting-2")).toBe(true);
    for (const bad of ["", "Acme", "acme--x", "-acme", "acme-", "a b", "ä"]) expect(isValidSlug(bad)).toBe(false);
    expect(isValidSlug(slugify("Müller & Söhne"))).toBe(true);
  });
});

describe("isTeamName", () => {
  it("takes a trimmed name of 1 to 100 characters with something visible in it", () => {
    expect(["Acme", "A", "x".repeat(TEAM_NAME_MAX), "Müller & Söhne", "🚀", "东京"].every(isTeamName)).toBe(true);
  });
  it("refuses empty, untrimmed, too long and invisible names", () => {
    const refused = ["", " Acme", "Acme ", "x".repeat(TEAM_NAME_MAX + 1), "\u200b", "\u200b\u200d", "\ufeff", "\u2062"];
    expect(refused.filter(isTeamName)).toEqual([]);
  });
});

describe("matchesTeamName", () => {
  it("accepts the name as a person types it: any dash, any case, spaces around and between, composed or not", () => {
    const name = "Müller – Partner";
    for (const typed of ["Müller – Partner", "müller - partner", "  MÜLLER-PARTNER  ", "Mu\u0308ller \u2014 Partner"]) {
      expect(matchesTeamName(typed, name), typed).toBe(true);
    }
    expect(matchesTeamName("Müller  ‐  Partner", name)).toBe(true);
    expect(matchesTeamName("STRASSE Eins", "Straße eins")).toBe(true);
    expect(matchesTeamName("Ｔalent", "Talent")).toBe(true);
  });

  it("refuses another name, a missing dash, or nothing", () => {
    expect(matchesTeamName("Müller Partner", "Müller – Partner")).toBe(false);
    expect(matchesTeamName("Mueller – Partner", "Müller – Partner")).toBe(false);
    expect(matchesTeamName("   ", "   ")).toBe(false);
  });
});

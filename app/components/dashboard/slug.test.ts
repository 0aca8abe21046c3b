import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("derives a readable address from a team name", () => {
    expect(slugify("Acme Recruiting")).toBe("acme-recruiting");
    expect(slugify("  Müller & Söhne GmbH ")).toBe("muller-sohne-gmbh");
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("!!!")).toBe("team");
  });
});

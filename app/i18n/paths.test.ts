import { describe, expect, it } from "vitest";
import { languageOfPath } from "../../core/languages";
import { localizedHref, switchLanguagePath } from "./paths";

describe("localizedHref", () => {
  it.each([
    ["/", "de", "/de"],
    ["/terms", "de", "/de/terms"],
    ["/en/terms", "de", "/en/terms"],
    ["#faq", "de", "#faq"],
    ["https://example.com/x", "de", "https://example.com/x"],
    ["//cdn.example.com/x", "en", "//cdn.example.com/x"],
  ] as const)("%s in %s is %s", (href, lang, expected) => {
    expect(localizedHref(href, lang)).toBe(expected);
  });
});

describe("switchLanguagePath", () => {
  it.each([
    ["/en", "de", "/de"],
    ["/", "de", "/de"],
    ["/en/privacy-policy", "de", "/de/privacy-policy"],
    ["/de/sign-in", "en", "/en/sign-in"],
    ["/terms", "de", "/de/terms"],
  ] as const)("%s to %s is %s", (path, lang, expected) => {
    expect(switchLanguagePath(path, lang)).toBe(expected);
  });
});

describe("languageOfPath", () => {
  it("reads only a supported first segment", () => {
    expect(languageOfPath("/de/terms")).toBe("de");
    expect(languageOfPath("/fr/terms")).toBeUndefined();
    expect(languageOfPath("/<script>/x")).toBeUndefined();
  });
});

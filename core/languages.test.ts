import { describe, expect, it } from "vitest";
import { languageOfAcceptHeader, languageOfCookie, languageOfPath, languageOfTags, resolveLanguage } from "./languages";

describe("language detection", () => {
  it.each([
    [null, undefined],
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["fr-FR,fr;q=0.9,de;q=0.5", "de"],
    ["en;q=0.2,de;q=0.8", "de"],
    ["de;q=0,en", "en"],
    ["fr", undefined],
  ])("Accept-Language %s gives %s", (header, expected) => {
    expect(languageOfAcceptHeader(header)).toBe(expected);
  });

  it("reads the path's first segment, the cookie and browser tags, discarding anything else", () => {
    expect(languageOfPath("/de/terms")).toBe("de");
    expect(languageOfPath("/fr/terms")).toBeUndefined();
    expect(languageOfCookie("a=1; lang=de")).toBe("de");
    expect(languageOfCookie("lang=<script>")).toBeUndefined();
    expect(languageOfTags(["fr-FR", "de-AT"])).toBe("de");
  });

  it("prefers an explicit choice, then the cookie, then the browser, then English", () => {
    expect(resolveLanguage({ explicit: "de", cookie: "lang=en", browser: "en" })).toBe("de");
    expect(resolveLanguage({ explicit: "xx", cookie: "lang=de", browser: "en" })).toBe("de");
    expect(resolveLanguage({ cookie: "lang=javascript:x", browser: "de" })).toBe("de");
    expect(resolveLanguage({})).toBe("en");
  });
});

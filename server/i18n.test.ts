import { describe, expect, it } from "vitest";
import { preferredLanguage, requestLanguage, serverT } from "./i18n";

describe("preferredLanguage", () => {
  it.each([
    [null, "en"],
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["fr-FR,fr;q=0.9,de;q=0.5", "de"],
    ["en;q=0.2,de;q=0.8", "de"],
    ["de;q=0,en", "en"],
    ["fr", "en"],
  ])("%s gives %s", (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});

describe("requestLanguage", () => {
  it("prefers the cookie over Accept-Language", () => {
    expect(requestLanguage(new Headers({ cookie: "a=1; lang=de", "accept-language": "en" }))).toBe("de");
  });
  it("ignores unsupported or hostile values", () => {
    expect(requestLanguage(new Headers({ cookie: "lang=<script>", "accept-language": "fr" }))).toBe("en");
  });
});

describe("serverT", () => {
  it("translates server messages into both languages", () => {
    expect(serverT("de")("errors:notFound")).toBe("Nicht gefunden");
    expect(serverT("en")("errors:notFound")).toBe("Not found");
    expect(serverT("xx")("errors:notFound")).toBe("Not found");
  });
});

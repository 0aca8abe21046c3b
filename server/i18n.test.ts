import { describe, expect, it } from "vitest";
import { requestLanguage, serverT } from "./i18n";

describe("requestLanguage", () => {
  it("prefers the cookie over Accept-Language", () => {
    expect(requestLanguage(new Headers({ cookie: "a=1; lang=de", "accept-language": "en" }))).toBe("de");
  });
  it("prefers the page's language header, and falls back to English", () => {
    expect(requestLanguage(new Headers({ "x-language": "de", cookie: "lang=en" }))).toBe("de");
    expect(requestLanguage(new Headers({ "accept-language": "de-AT,de;q=0.9" }))).toBe("de");
    expect(requestLanguage(new Headers())).toBe("en");
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
  it("gives the same text for a repeated key and fills each call's own values", () => {
    const t = serverT("de");
    expect(t("errors:notFound")).toBe(t("errors:notFound"));
    const ada = t("contact:mail.confirmation.greeting", { name: "Ada" });
    const bob = t("contact:mail.confirmation.greeting", { name: "Bob" });
    expect([ada.includes("Ada"), bob.includes("Bob"), bob.includes("Ada")]).toEqual([true, true, false]);
    expect(serverT("en")("errors:notFound")).toBe("Not found");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every text of a language's catalogs, with where it is. */
function texts(lang: "en" | "de"): { at: string; text: string }[] {
  const dir = path.join(import.meta.dirname, "../../locales", lang);
  const out: { at: string; text: string }[] = [];
  const walk = (value: unknown, at: string) => {
    if (typeof value === "string") out.push({ at, text: value });
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
  };
  for (const file of readdirSync(dir)) walk(JSON.parse(readFileSync(path.join(dir, file), "utf8")), file.replace(/\.json$/, ""));
  return out;
}

/** The texts of a language that a reader sees with `pattern` in them (a placeholder such as {{slug}} stands for its value). */
const offending = (lang: "en" | "de", pattern: RegExp) =>
  texts(lang).filter(({ text }) => pattern.test(text.replace(/\{\{[^}]*\}\}/g, "X")));

describe("one term for each thing", () => {
  it("English says Sign in (not Log in, not Sign In), E-mail (not Email) and 30-day trial", () => {
    expect(offending("en", /\bLog ?in\b(?! credentials)|\bSign In\b|\bEmail\b|\b30-Day\b/)).toEqual([]);
    // A network failure says what to do, not how the request failed.
    expect(offending("en", /Network response/)).toEqual([]);
  });

  it("German says Erweiterung as Chrome does, and none of the walk-through's awkward phrases", () => {
    expect(
      offending("de", /\bPlugins?\b|geleakt|begrüßt Sie darin|fassen Sie Ihre Nachricht|Netzwerkantwort|Warten, bis der Link/),
    ).toEqual([]);
  });

  it("names a team's address in its link in plain words: URL name, Adresse im Link, never Slug or Kürzel", () => {
    expect(offending("en", /\bslugs?\b/i)).toEqual([]);
    expect(offending("de", /\bslugs?\b|Kürzel/i)).toEqual([]);
  });

  it("an ellipsis follows its word without a space, in both languages", () => {
    expect(offending("de", /\s…/)).toEqual([]);
    expect(offending("en", /\s…/)).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WIRE_CODES } from "../core/error-codes.js";
import { ERRORS } from "./errors.js";

const SNAKE_CASE = /^[a-z][a-z0-9]*(?:__?[a-z0-9]+)*$/;

/** The message of a `namespace:a.b` key in a language's catalog, if there is one. */
function message(lang: "en" | "de", key: string): unknown {
  const [ns, rest] = key.split(":") as [string, string];
  const catalog: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, `../locales/${lang}/${ns}.json`), "utf8"));
  return rest.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
}

describe("the table of refusals", () => {
  it("gives every refusal a wire code, spelt in snake_case", () => {
    const wrong = Object.entries(ERRORS)
      .filter(([, row]) => !(WIRE_CODES as readonly string[]).includes(row.code) || !SNAKE_CASE.test(row.code))
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });

  it("has the message of every refusal in English and German", () => {
    const missing = Object.values(ERRORS).flatMap((row) =>
      (["en", "de"] as const).filter((lang) => typeof message(lang, row.key) !== "string").map((lang) => `${lang} ${row.key}`),
    );
    expect(missing).toEqual([]);
  });

  it("translates identity refusals with the catalog entry the browser finds by their code", () => {
    const elsewhere = Object.entries(ERRORS)
      .filter(([, row]) => row.key.startsWith("auth:errors.") && row.key !== `auth:errors.${row.code}`)
      .map(([name]) => name);
    expect(elsewhere).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isWireCode, WIRE_CODES } from "../../core/error-codes";
import de from "../../locales/de/auth.json";
import en from "../../locales/en/auth.json";
import { LIBRARY_ERRORS } from "../../server/auth/auth-errors";
import { ERRORS } from "../../server/errors";

/**
 * One spelling of error codes (core/error-codes.ts), one path from the identity library's codes to
 * ours (server/auth/auth-errors.ts), and screens that compare our codes only.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:__?[a-z0-9]+)*$/;

const sources = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));

const matches = (files: string[], pattern: RegExp) =>
  files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(pattern)].map((m) => ({ file: path.relative(ROOT, file), value: m[1] as string })),
  );

describe("error codes", () => {
  it("are spelt once each, in snake_case", () => {
    expect(WIRE_CODES.filter((code) => !SNAKE_CASE.test(code))).toEqual([]);
    expect(new Set(WIRE_CODES).size).toBe(WIRE_CODES.length);
  });

  it("name the identity catalog's messages: every message the browser finds by code is under a wire code", () => {
    const keys = (catalog: { errors: Record<string, string> }) => Object.keys(catalog.errors).filter((key) => key !== "network");
    expect(keys(en).filter((key) => !isWireCode(key))).toEqual([]);
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it("reach the browser from the identity library through one table of rows with their codes", () => {
    const unknown = Object.entries(LIBRARY_ERRORS).filter(([, row]) => !(row in ERRORS));
    expect(unknown).toEqual([]);
    // The table's keys are the library's codes; ours go through `libraryError` with their row.
    expect(Object.keys(LIBRARY_ERRORS).filter((code) => code !== code.toUpperCase())).toEqual([]);
  });

  it("are thrown inside the identity library only as its own codes: our refusals name their row", () => {
    const thrown = matches(sources("server"), /APIError(?:\.from)?\(\s*"[A-Z_]+",\s*\{\s*code: "([^"]+)"/g);
    expect(thrown.length).toBeGreaterThan(0);
    expect(thrown.filter(({ value }) => !(value in LIBRARY_ERRORS))).toEqual([]);
  });

  it("are compared by screens as typed wire codes, never as other strings", () => {
    const compared = matches(sources("app/features"), /(?<!typeof )\bcode\)?\s*[!=]==\s*"([^"]+)"/g);
    expect(compared.length).toBeGreaterThan(5);
    expect(compared.filter(({ value }) => !isWireCode(value))).toEqual([]);
  });
});

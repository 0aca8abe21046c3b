import { describe, expect, it } from "vitest";
import { readBearer } from "./authorization-header";
import { generateApiKey, hashApiKey, isWellFormedApiKey } from "./key-format";

/** A small deterministic generator, so a failure names a reproducible input. */
function randomStrings(count: number, alphabet: string[], seed = 1): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () => {
    let text = "";
    const length = Math.floor(next() * 80);
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
    return text;
  });
}

const ALPHABET = [
  "Bearer ",
  "bearer",
  "rcrm_",
  " ",
  "\t",
  "\n",
  "=",
  "==",
  ".",
  "-",
  "_",
  "~",
  "+",
  "/",
  "a",
  "Z",
  "0",
  "é",
  "\u0000",
  "😀",
  ",",
  '"',
];

describe("reading the Authorization header", () => {
  it("finds one bearer credential of RFC 6750's characters, case-insensitively named", () => {
    expect(readBearer(undefined)).toEqual({ kind: "missing" });
    expect(readBearer("  ")).toEqual({ kind: "missing" });
    expect(readBearer("Bearer abc.def-ghi_~+/==")).toEqual({ kind: "bearer", token: "abc.def-ghi_~+/==" });
    expect(readBearer("bearer  rcrm_x ")).toEqual({ kind: "bearer", token: "rcrm_x" });
    for (const bad of ["Basic abc", "Bearer", "Bearer a b", "Bearer a=b", "Bearer ä", "Bearer\tabc", `Bearer ${"a".repeat(4097)}`]) {
      expect(readBearer(bad), bad).toEqual({ kind: "malformed" });
    }
  });

  it("never throws and only ever answers one of its three kinds, whatever the header holds", () => {
    for (const header of randomStrings(5000, ALPHABET)) {
      const read = readBearer(header);
      expect(["missing", "malformed", "bearer"]).toContain(read.kind);
      if (read.kind === "bearer") expect(read.token).toMatch(/^[A-Za-z0-9\-._~+/]+=*$/);
    }
  });
});

describe("API key format", () => {
  it("makes keys of the prefix and 43 random characters, recognised by their exact shape only", () => {
    const { key, hash, start } = generateApiKey();
    expect(key).toMatch(/^rcrm_[A-Za-z0-9_-]{43}$/);
    expect(start).toBe(key.slice(0, 11));
    expect(hash).toBe(hashApiKey(key));
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(isWellFormedApiKey(`${key}x`)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(generateApiKey().key).not.toBe(key);
    for (const text of randomStrings(5000, ALPHABET, 3)) expect(typeof isWellFormedApiKey(text)).toBe("boolean");
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extensionIdOf, REFERENCE_EXTENSION_ID } from "../tests/support/fake-chrome.js";

const read = (file: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, file), "utf8"));

describe("the extension's manifest", () => {
  it("gives the extension the documented id through its public key", () => {
    expect(extensionIdOf(read("manifest.json").key)).toBe(REFERENCE_EXTENSION_ID);
  });

  it("asks only for sign-in and storage; the server's address is added at build time", () => {
    const manifest = read("manifest.json");
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(["identity", "storage"]);
    expect(manifest.host_permissions).toEqual([]);
  });

  it("has every text in English and German", () => {
    const en = read("_locales/en/messages.json");
    const de = read("_locales/de/messages.json");
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const [name, entry] of Object.entries<{ message: string }>(de)) expect(entry.message, name).not.toBe("");
  });
});

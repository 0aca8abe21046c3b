import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "crm-config-"));

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.PORT).toBe(3000);
    expect(c.BASE_URL).toBe("http://localhost:3000");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.RATE_LIMIT).toBe(true);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["BASE_URL", "not a url"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["REDIS_URL", "http://localhost"],
    ["SMTP_URL", "localhost:25"],
    ["CONTACT_INBOX", "nobody"],
    ["AUTH_SECRET", "short"],
    ["RATE_LIMIT", "sometimes"],
    ["GA_MEASUREMENT_ID", "UA-1234"],
    ["SMS_PROVIDER_URL", "ftp://sms.example"],
    ["SMS_FROM", "+49 not a sender"],
    ["SIGN_IN_PHONE", "maybe"],
    ["EXTENSION_IDS", "abcdefghijklmnopabcdefghijklmnoq"],
    ["EXTENSION_IDS", "abcdefghijklmnopabcdefghijklmnop,short"],
    ["EXTENSION_STORE_URL", "http://store.example/"],
    ["API_RATE_LIMIT", "0"],
  ])("stops with a message naming %s for the bad value %j", (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("reads the extension ids as a list, and the store address", () => {
    const ids = "abcdefghijklmnopabcdefghijklmnop, ponmlkjihgfedcbaponmlkjihgfedcba";
    const c = loadConfig({ DATA_DIR: dataDir(), EXTENSION_IDS: ids, EXTENSION_STORE_URL: "https://store.example/crm" });
    expect(c.EXTENSION_IDS).toEqual(["abcdefghijklmnopabcdefghijklmnop", "ponmlkjihgfedcbaponmlkjihgfedcba"]);
    expect(c.EXTENSION_STORE_URL).toBe("https://store.example/crm");
    expect(loadConfig({ DATA_DIR: dataDir() }).EXTENSION_IDS).toEqual([]);
  });

  it("offers phone sign-in by default, in production only with an SMS provider, and needs the provider's credentials", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).SIGN_IN_PHONE).toBe(true);
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), DATA_DIR: dataDir() };
    expect(loadConfig(production).SIGN_IN_PHONE).toBe(false);
    const provider = {
      SMS_PROVIDER_URL: "https://sms.example/send",
      SMS_PROVIDER_USERNAME: "ac1",
      SMS_PROVIDER_PASSWORD: "pw",
      SMS_FROM: "Recruiting",
    };
    expect(loadConfig({ ...production, ...provider }).SIGN_IN_PHONE).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SIGN_IN_PHONE: "off" }).SIGN_IN_PHONE).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER_URL: "https://sms.example/send" })).toThrow(/SMS_PROVIDER_URL needs/);
  });

  it("limits the API to 600 requests a minute unless API_RATE_LIMIT says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).API_RATE_LIMIT).toBe(600);
    expect(loadConfig({ DATA_DIR: dataDir(), API_RATE_LIMIT: "60" }).API_RATE_LIMIT).toBe(60);
  });

  it("refuses production without AUTH_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow(/AUTH_SECRET is required when NODE_ENV=production/);
  });

  it("generates a development secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
  });

  it("treats empty values as unset, as .env files write them", () => {
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "", SMTP_URL: "" });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
  });

  it("requires the Google id and secret together", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it("protects against bots unless told off, with a difficulty in range", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.BOT_PROTECTION).toBe(true);
    expect(config.BOT_PROTECTION_DIFFICULTY).toBe(20_000);
    expect(loadConfig({ DATA_DIR: dataDir(), BOT_PROTECTION: "off" }).BOT_PROTECTION).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), BOT_PROTECTION: "maybe" })).toThrow(/BOT_PROTECTION/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), BOT_PROTECTION_DIFFICULTY: "10" })).toThrow(/BOT_PROTECTION_DIFFICULTY/);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every request the browser makes to our API goes through `app/api/client.ts` (language header,
 * credentials and error answers in one place). The catalog loader fetches static files, not the API.
 * Identity routes go through the identity client (`authClient`, whose `$fetch` sends the language too).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const ALLOWED = ["app/api/client.ts", "app/i18n/fetch-backend.ts"];

const appSources = () =>
  readdirSync(path.join(ROOT, "app"), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));

describe("API requests", () => {
  it("are made by the API client only", () => {
    const callers = appSources().filter((file) => /(?<!\$)\bfetch\s*\(/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(callers.sort()).toEqual(ALLOWED);
  });
});

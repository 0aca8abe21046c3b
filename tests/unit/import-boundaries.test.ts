import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rooms' import rules: rules and contracts shared by the browser and the server live in
 * `core/`, which imports neither side; the server never imports the app; the app imports only
 * types from the server.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^;]*?\sfrom\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm;

/** Each relative import of a file: the room it lands in and whether it carries only types. */
function importsOf(file: string) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(IMPORT)].map((m) => {
    const spec = m[3] ?? m[4] ?? "";
    const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
    return { spec, room: target.split(path.sep)[0], typeOnly: Boolean(m[2]) };
  });
}

const violations = (dir: string, allowed: (i: ReturnType<typeof importsOf>[number]) => boolean) =>
  sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((i) => !allowed(i))
      .map((i) => `${file} imports ${i.spec}`),
  );

describe("import boundaries", () => {
  it("finds the imports it checks", () => {
    expect(importsOf("server/http/pages.ts").some((i) => i.room === "core")).toBe(true);
    expect(importsOf("app/api/billing.ts")).toContainEqual({ spec: "../../core/api", room: "core", typeOnly: true });
  });

  it("keeps core free of the app and the server", () => {
    expect(violations("core", (i) => i.room === "core")).toEqual([]);
  });

  it("keeps the server free of the app", () => {
    expect(violations("server", (i) => i.room !== "app")).toEqual([]);
  });

  it("lets the app import only types from the server", () => {
    expect(violations("app", (i) => i.room !== "server" || i.typeOnly)).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rooms' import rules: rules and contracts shared by the browser and the server live in
 * `core/`, which imports neither side; the server never imports the app; the app imports only
 * types from the server; the reference extension imports only core. Inside, the feature rooms of
 * `app/features/` import each other only along the declared `FEATURE_EDGES`, and the folders of
 * `server/` import each other without cycles
 * (docs/decisions/143-shared-screen-behaviours-and-folder-rules.md).
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
    return { spec, target, room: target.split(path.sep)[0], typeOnly: Boolean(m[2]) };
  });
}

/**
 * Which feature rooms each one may import, and nothing else: the signed-in area's frame, the
 * sign-in form's parts, the account's proof asked again. The list has no cycle, so a room can be
 * understood (and changed) without the rooms that import it.
 */
const FEATURE_EDGES: Record<string, readonly string[]> = {
  account: ["area", "auth-shell", "identifiers", "user-menu"],
  area: ["consent", "user-menu"],
  "connected-apps": ["area", "auth-shell"],
  contact: ["bot-check"],
  dashboard: ["area", "connected-apps", "teams", "user-menu"],
  identifiers: ["area", "phone", "security"],
  landing: ["contact", "site-chrome"],
  legal: ["site-chrome"],
  operator: ["api-keys", "area", "connected-apps", "consent"],
  phone: ["auth-shell"],
  security: ["area", "auth-shell", "connected-apps", "phone"],
  "sign-in": ["auth-shell", "bot-check", "phone", "security", "sign-up"],
  "sign-up": ["auth-shell", "bot-check", "dashboard"],
  "site-chrome": ["consent"],
  teams: ["area", "auth-shell", "user-menu"],
  "user-menu": ["impersonation"],
};

/** The folder directly below `base` that a repository path lies in, or undefined for a file of `base` itself. */
function folderIn(base: string, file: string): string | undefined {
  const rest = path.relative(base, file);
  if (rest.startsWith("..") || !rest.includes(path.sep)) return undefined;
  return rest.split(path.sep)[0];
}

/** The imports between the folders below `base`, as "from -> to" with the importing file. */
function folderImports(base: string, options: { types: boolean }) {
  return sourceFiles(base).flatMap((file) => {
    const from = folderIn(base, file);
    return importsOf(file)
      .filter((i) => options.types || !i.typeOnly)
      .map((i) => ({ file, spec: i.spec, from, to: folderIn(base, i.target) }))
      .filter((e): e is typeof e & { from: string; to: string } => Boolean(e.from && e.to) && e.from !== e.to);
  });
}

/** The cycles of a graph given as edges: each strongly connected group of two or more folders, sorted. */
function cyclesOf(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return groups;
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
    expect(importsOf("app/api/billing.ts")).toContainEqual({ spec: "../../core/api", target: "core/api", room: "core", typeOnly: true });
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

  it("keeps the extension free of the app and the server", () => {
    // Its tests take the fake `chrome` API from tests/support.
    expect(violations("extension", (i) => ["core", "extension"].includes(i.room ?? "") || i.target.startsWith("tests/support/"))).toEqual(
      [],
    );
  });

  it("lets a feature room import another only along a declared edge", () => {
    const undeclared = folderImports("app/features", { types: true })
      .filter((e) => !FEATURE_EDGES[e.from]?.includes(e.to))
      .map((e) => `${e.file} imports ${e.spec} (${e.from} -> ${e.to} is not in FEATURE_EDGES)`);
    expect(undeclared).toEqual([]);
  });

  it("declares only feature edges that are used, and no cycle among them", () => {
    const used = new Set(folderImports("app/features", { types: true }).map((e) => `${e.from} -> ${e.to}`));
    const declared = Object.entries(FEATURE_EDGES).flatMap(([from, tos]) => tos.map((to) => ({ from, to })));
    expect(declared.map((e) => `${e.from} -> ${e.to}`).filter((e) => !used.has(e))).toEqual([]);
    expect(cyclesOf(declared)).toEqual([]);
  });

  it("keeps the folders of the server free of cycles", () => {
    // Type-only imports are left out: the identity library's type is inferred where it is set up
    // (auth/auth.ts, which composes every domain), and the domains take it as a parameter.
    expect(cyclesOf(folderImports("server", { types: false }))).toEqual([]);
  });

  it("finds a cycle where there is one", () => {
    const edges = [
      { from: "a", to: "b" },
      { from: "b", to: "c" },
      { from: "c", to: "a" },
      { from: "c", to: "d" },
    ];
    expect(cyclesOf(edges)).toEqual([["a", "b", "c"]]);
    expect(cyclesOf(edges.slice(0, 2))).toEqual([]);
  });
});

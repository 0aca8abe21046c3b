import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../server/auth/auth.js";
import { loadConfig } from "../../server/config.js";
import type { DB } from "../../server/db/database.js";
import { pglitePool } from "../../server/db/pglite-pool.js";
import { AUTH_BASE_PATH, LIBRARY_PATH, OWN_AUTH_PATH, TEAM_AUTH_PATH_PREFIX } from "../../server/identity-paths.js";

/**
 * The identity library's routes are named in our rules (request rules, reverification, the routes
 * open without a session, the switched-off ones, rate limits, the team gate, bot protection, the
 * second step). A library upgrade that renamed one would leave the rule naming a path nobody calls:
 * the rule switches off without an error. Here every path we name is compared with the routes the
 * configured library really mounts, and no server file may spell one outside server/identity-paths.ts.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

interface Endpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

/** The routes the configured library mounts (with Google, so every plugin is on): endpoint name -> path and methods. */
function mountedRoutes(auth: ReturnType<typeof createAuth>) {
  const routes = new Map<string, { path: string; methods: string[] }>();
  for (const [name, endpoint] of Object.entries(auth.api) as [string, Endpoint][]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    routes.set(name, { path: endpoint.path, methods: [endpoint.options?.method ?? "GET"].flat() });
  }
  return routes;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** A file's code without its comments (which may name paths in prose); `//` inside a URL is kept. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** The string literals of a file's code, with their line numbers. */
function literalsOf(file: string) {
  const lines = withoutComments(readFileSync(path.join(ROOT, file), "utf8")).split("\n");
  return lines.flatMap((line, i) => [...line.matchAll(/(["'`])((?:(?!\1).)*)\1/g)].map((m) => ({ line: i + 1, text: m[2] ?? "" })));
}

/**
 * Whether a literal spells an identity route: a mounted path (also with the base path before it),
 * the end of one ("/set-active"), a beginning of several ("/organization/"), or anything below the base path.
 */
function spellsIdentityPath(literal: string, mounted: string[]): boolean {
  if (literal.startsWith(`${AUTH_BASE_PATH}/`)) return true;
  const below = literal.startsWith(AUTH_BASE_PATH) ? literal.slice(AUTH_BASE_PATH.length) : literal;
  if (!below.startsWith("/") || below.length < 2) return false;
  return mounted.some((p) => p === below || p.endsWith(below) || (below.endsWith("/") && p.startsWith(below)));
}

/** Identity paths spelled in server files other than server/identity-paths.ts, as "file:line literal". */
const spelledOutside = (mounted: string[]) =>
  sourceFiles("server")
    .filter((file) => file !== path.join("server", "identity-paths.ts"))
    .flatMap((file) => literalsOf(file).map((l) => ({ ...l, file })))
    .filter((l) => spellsIdentityPath(l.text, mounted))
    .map((l) => `${l.file}:${l.line} ${l.text}`);

describe("identity paths", () => {
  let db: DB;
  let auth: ReturnType<typeof createAuth>;
  let routes: ReturnType<typeof mountedRoutes>;
  let mounted: string[];

  beforeAll(() => {
    // Mounting the routes reads nothing: the embedded database opens only if a statement is sent.
    db = new Kysely({ dialect: new PostgresDialect({ pool: async () => pglitePool(await PGlite.create()) as never }) });
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: "data",
      LOG_LEVEL: "silent",
      GOOGLE_CLIENT_ID: "client",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    auth = createAuth({ config, db, sendMail: async () => {}, logger: pino({ level: "silent" }) });
    routes = mountedRoutes(auth);
    mounted = [...routes.values()].map((r) => r.path);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("finds the library's routes", () => {
    expect(routes.get("signInEmail")).toEqual({ path: "/sign-in/email", methods: ["POST"] });
    expect(routes.size).toBeGreaterThan(100);
  });

  it("names each library route as the configured library mounts it", () => {
    const wrong = Object.entries(LIBRARY_PATH)
      .filter(([name, p]) => routes.get(name)?.path !== p)
      .map(([name, p]) => `${name}: we name ${p}, the library mounts ${routes.get(name)?.path ?? "nothing"}`);
    expect(wrong).toEqual([]);
  });

  it("names each route of our own identity plugins as they mount it", () => {
    const wrong = Object.entries(OWN_AUTH_PATH)
      .filter(([name, p]) => routes.get(name)?.path !== p)
      .map(([name, p]) => `${name}: we name ${p}, mounted is ${routes.get(name)?.path ?? "nothing"}`);
    expect(wrong).toEqual([]);
  });

  it("keys the team routes' beginning to routes that exist", () => {
    expect(mounted.filter((p) => p.startsWith(TEAM_AUTH_PATH_PREFIX))).toContain(LIBRARY_PATH.createOrganization);
  });

  it("switches off and rate-limits only routes that exist", () => {
    const options = auth.options as { disabledPaths?: string[]; rateLimit?: { customRules?: Record<string, unknown> } };
    const named = [...(options.disabledPaths ?? []), ...Object.keys(options.rateLimit?.customRules ?? {})];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((p) => !mounted.includes(p))).toEqual([]);
  });

  it("spells no identity path in a server file outside server/identity-paths.ts", () => {
    // The scan recognises each way a path was spelled before it moved to the map.
    for (const spelled of ["/two-factor/enable", "/api/auth/organization/*", "/organization/", "/set-active", "/callback/"]) {
      expect({ spelled, found: spellsIdentityPath(spelled, mounted) }).toEqual({ spelled, found: true });
    }
    expect(spellsIdentityPath("/api/account/devices", mounted)).toBe(false);
    expect(spelledOutside(mounted)).toEqual([]);
  });

  it("calls from the browser only identity routes that exist, with their methods", () => {
    const calls = [...sourceFiles("app"), ...sourceFiles("core")].flatMap((file) =>
      literalsOf(file).flatMap(({ text, line }) => {
        // The typed client's routes ("POST /api/auth/sign-in-link/send") and the identity client's own calls ("/passkey/...").
        const typed = text.match(/^(GET|POST) \/api\/auth(\/\S+)$/);
        if (typed) return [{ where: `${file}:${line}`, method: typed[1], path: typed[2] ?? "" }];
        if (file.startsWith(path.join("app", "identity")) && /^\/[a-z]/.test(text) && text !== AUTH_BASE_PATH) {
          return [{ where: `${file}:${line}`, method: undefined, path: text }];
        }
        return [];
      }),
    );
    expect(calls.length).toBeGreaterThan(10);
    const byPath = new Map([...routes.values()].map((r) => [r.path, r.methods]));
    const missing = calls.filter((c) => {
      const methods = byPath.get(c.path);
      return !methods || (c.method !== undefined && !methods.includes(c.method));
    });
    expect(missing.map((c) => `${c.where} ${c.method ?? ""} ${c.path}`)).toEqual([]);
  });
});

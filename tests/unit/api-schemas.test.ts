import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ApiRoutes } from "../../core/api";
import * as account from "../../core/api/account";
import * as apiKeys from "../../core/api/api-keys";
import * as billing from "../../core/api/billing";
import * as common from "../../core/api/common";
import * as contact from "../../core/api/contact";
import * as oauth from "../../core/api/oauth";
import * as operator from "../../core/api/operator";
import { API_ROUTES, type ApiRoute, type RouteSchemas } from "../../core/api/routes";
import * as sso from "../../core/api/sso";
import * as teams from "../../core/api/teams";

/**
 * One schema per request (decision 144): every JSON body of our API is read by `readBody` with the
 * schema core/api/routes.ts names for its route, and the browser's types come from the same table.
 * The route modules are read as text: a handler is the text from its `app.METHOD("path"` to the next.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const ROUTES_DIR = path.join(ROOT, "server/routes");

// Every body the browser sends (outside the identity library's routes) has a schema in the table.
type BodyRoutes = { [K in keyof ApiRoutes]: ApiRoutes[K] extends { body: unknown } ? K : never }[keyof ApiRoutes];
const bodiesHaveSchemas: Exclude<BodyRoutes, `${string} /api/auth/${string}`> extends ApiRoute ? true : false = true;

/** Each schema object of core/api/ by the name it is exported under. */
const exportNames = new Map<unknown, string>();
for (const module of [account, apiKeys, billing, common, contact, oauth, operator, sso, teams]) {
  for (const [name, value] of Object.entries(module)) if (!exportNames.has(value)) exportNames.set(value, name);
}

interface Handler {
  file: string;
  route: string;
  text: string;
}

/** The handlers of one route module's source. */
function handlersOf(file: string, source: string): Handler[] {
  const registration = /\bapp\.(get|post|put|delete|patch)\(\s*"([^"]+)"/g;
  const found = [...source.matchAll(registration)];
  return found.map((match, i) => ({
    file,
    route: `${match[1]?.toUpperCase()} ${match[2]}`,
    text: source.slice(match.index, found[i + 1]?.index ?? source.length),
  }));
}

/** What is wrong with the route modules' body reading, one line per problem. */
function bodyProblems(modules: { file: string; source: string }[], routes: Record<string, RouteSchemas>): string[] {
  const problems: string[] = [];
  const handlers = modules.flatMap(({ file, source }) => handlersOf(file, source));
  for (const { file, source } of modules) {
    if (/\breadJson\(|\.req\.json\(|JSON\.parse\(/.test(source)) problems.push(`${file} reads a JSON body without its schema`);
  }
  for (const { file, route, text } of handlers) {
    const read = /\breadBody\(\s*c,\s*(\w+)/.exec(text);
    if (!read) continue;
    const named = routes[route]?.body;
    const expected = named && exportNames.get(named);
    if (!expected) problems.push(`${route} (${file}) reads a body, but the route table names no body schema for it`);
    else if (read[1] !== expected) problems.push(`${route} (${file}) reads its body with ${read[1]}, the route table names ${expected}`);
    else if (
      !new RegExp(`import \\{[^}]*\\b${expected}\\b[^}]*\\} from "\\.\\./\\.\\./core/api/`).test(
        modules.find((m) => m.file === file)?.source ?? "",
      )
    ) {
      problems.push(`${route} (${file}) does not import ${expected} from core/api/`);
    }
  }
  for (const [route, schemas] of Object.entries(routes)) {
    if (!schemas.body) continue;
    const handler = handlers.find((h) => h.route === route);
    if (!handler) problems.push(`${route} is in the route table but no route module serves it`);
    else if (!/\breadBody\(/.test(handler.text)) problems.push(`${route} (${handler.file}) does not read its body with readBody`);
  }
  return problems;
}

const routeModules = () =>
  readdirSync(ROUTES_DIR)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => ({ file: `server/routes/${name}`, source: readFileSync(path.join(ROUTES_DIR, name), "utf8") }));

describe("API schemas", () => {
  it("cover every body the browser sends", () => {
    expect(bodiesHaveSchemas).toBe(true);
  });

  it("give every route in the table a schema exported from core/api/", () => {
    for (const [route, schemas] of Object.entries(API_ROUTES) as [string, RouteSchemas][]) {
      const given = [schemas.body, schemas.answer].filter((s) => s !== undefined);
      expect(given.length, route).toBeGreaterThan(0);
      for (const schema of given) {
        expect(schema, route).toHaveProperty("_zod");
        expect(exportNames.has(schema), route).toBe(true);
      }
    }
  });

  it("are what every route module reads its JSON bodies with", () => {
    expect(bodyProblems(routeModules(), API_ROUTES)).toEqual([]);
  });

  it("catch a route that reads its body with another schema or without one", () => {
    const modules = routeModules();
    const billingModule = modules.find((m) => m.file === "server/routes/billing.ts");
    if (!billingModule) throw new Error("server/routes/billing.ts not found");
    const swapped = billingModule.source.replace("readBody(c, checkoutBody", "readBody(c, createTeamBody");
    const unread = billingModule.source.replace(/readBody\(c, checkoutBody[^)]*\)/, "(await c.req.json()) as never");
    const others = modules.filter((m) => m !== billingModule);
    expect(bodyProblems([...others, { ...billingModule, source: swapped }], API_ROUTES)).toContain(
      "POST /api/create-checkout-session (server/routes/billing.ts) reads its body with createTeamBody, the route table names checkoutBody",
    );
    expect(bodyProblems([...others, { ...billingModule, source: unread }], API_ROUTES)).toEqual([
      "server/routes/billing.ts reads a JSON body without its schema",
      "POST /api/create-checkout-session (server/routes/billing.ts) does not read its body with readBody",
    ]);
  });
});

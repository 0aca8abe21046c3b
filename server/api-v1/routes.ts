import { createHash } from "node:crypto";
import { type Context, type ErrorHandler, Hono } from "hono";
import type { z } from "zod";
import { languageOfAcceptHeader } from "../../core/languages.js";
import type { MaintenanceSwitch } from "../access/maintenance.js";
import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { type AppEnv, setLanguage } from "../http/context.js";
import { maintenanceGate } from "../http/maintenance.js";
import type { KeyValueStore } from "../kv.js";
import type { VerifyAccessToken } from "./access-tokens.js";
import { type ApiEnv, authenticate, requireScope } from "./authenticate.js";
import { extensionCors } from "./cors.js";
import { apiDocsAsset, apiDocsPage } from "./docs-page.js";
import { reusedEntitlements } from "./entitlements.js";
import { openApiDocument } from "./openapi.js";
import { problemResponse } from "./problem.js";
import { apiRateLimit } from "./rate-limit.js";
import { V1_ROUTES, type V1Route } from "./route-table.js";
import { isMemberOf, teamById, teamMembers, teamsOfUser } from "./team-reads.js";

export interface ApiV1Deps {
  config: Config;
  db: DB;
  kv?: KeyValueStore;
  maintenance: MaintenanceSwitch;
  verifyAccessToken: VerifyAccessToken;
}

/** Parameters or query read with the route's schema; a refusal is 400. */
function readInput<S extends z.ZodObject>(schema: S | undefined, input: Record<string, string>): z.output<S> {
  const parsed = schema?.safeParse(input);
  if (parsed && !parsed.success) throw new AppError("badRequest");
  return (parsed?.data ?? {}) as z.output<S>;
}

/** A weak validator of the answer's bytes; the answer is computed anyway, the 304 saves its transfer. */
const etagOf = (body: string) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** Answers a route's result, typed by its answer schema; with an ETag (and 304) where the route has one. */
function answer<R extends V1Route>(c: Context<ApiEnv>, route: R, data: z.output<R["answer"]>): Response {
  const body = JSON.stringify(data);
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8", Vary: "Authorization, Origin" };
  if (route.etag) {
    const etag = etagOf(body);
    headers.ETag = etag;
    headers["Cache-Control"] = "private, max-age=60";
    for (const [name, value] of c.res.headers) if (!(name in headers) && name !== "content-type") headers[name] = value;
    if (matches(c.req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  } else {
    headers["Cache-Control"] = "no-store";
  }
  for (const [name, value] of c.res.headers) if (!(name in headers) && name !== "content-type") headers[name] = value;
  return new Response(body, { status: 200, headers });
}

/**
 * The public API under /api/v1 (docs/decisions/093): bearer credentials only, problem documents
 * for every refusal, CORS for the extension, a limit per key or app access, its OpenAPI document
 * and the interactive reference.
 */
export function apiV1Routes(deps: ApiV1Deps) {
  const { config, db } = deps;
  const app = new Hono<ApiEnv>();
  const document = openApiDocument(config.BASE_URL);
  const entitlementsOf = reusedEntitlements(db, config);

  // Problems are in the language the client asks for, whatever cookie it carries.
  app.use("/api/v1/*", async (c, next) => {
    setLanguage(c, languageOfAcceptHeader(c.req.header("accept-language")) ?? "en");
    await next();
  });
  app.use("/api/v1/*", extensionCors(config.EXTENSION_IDS));
  app.use("/api/v1/*", maintenanceGate(deps.maintenance));

  app.get("/api/v1/openapi.json", (c) => c.json(document, 200, { "Cache-Control": "public, max-age=300" }));
  app.get("/api/v1/docs", (c) => apiDocsPage(c));
  app.get("/api/v1/docs/reference.js", () => apiDocsAsset("js"));
  app.get("/api/v1/docs/reference.css", () => apiDocsAsset("css"));

  const authn = authenticate({ db, verifyAccessToken: deps.verifyAccessToken });
  const limit = apiRateLimit({ limit: config.API_RATE_LIMIT, enabled: config.RATE_LIMIT, kv: deps.kv });

  app.get(V1_ROUTES.me.path, authn, limit, requireScope(...V1_ROUTES.me.scopes), async (c) => {
    const { principal } = c.var;
    if (principal.kind !== "user") throw new AppError("insufficientScope", { params: { scope: "profile email" } });
    const user = await db
      .selectFrom("user")
      .select(["id", "email", "emailVerified", "name", "image", "locale"])
      .where("id", "=", principal.userId)
      .executeTakeFirst();
    if (!user) throw new AppError("apiInvalidToken");
    const me: z.output<typeof V1_ROUTES.me.answer> = { id: user.id };
    if (principal.scopes.has("email")) Object.assign(me, { email: user.email, emailVerified: user.emailVerified });
    if (principal.scopes.has("profile")) Object.assign(me, { name: user.name, image: user.image, locale: user.locale });
    return answer(c, V1_ROUTES.me, me);
  });

  app.get(V1_ROUTES.entitlements.path, authn, limit, requireScope(...V1_ROUTES.entitlements.scopes), async (c) => {
    const { principal } = c.var;
    if (principal.kind !== "user") throw new AppError("insufficientScope", { params: { scope: "entitlements:read" } });
    return answer(c, V1_ROUTES.entitlements, await entitlementsOf(principal.userId, principal.scopes));
  });

  app.get(V1_ROUTES.teams.path, authn, limit, requireScope(...V1_ROUTES.teams.scopes), async (c) => {
    const { principal } = c.var;
    if (principal.kind === "user") return answer(c, V1_ROUTES.teams, { items: await teamsOfUser(db, principal.userId) });
    const team = await teamById(db, principal.organizationId);
    return answer(c, V1_ROUTES.teams, { items: team ? [team] : [] });
  });

  app.get(V1_ROUTES.members.path, authn, limit, requireScope(...V1_ROUTES.members.scopes), async (c) => {
    const { principal } = c.var;
    const { id } = readInput(V1_ROUTES.members.params, c.req.param());
    const { page } = readInput(V1_ROUTES.members.query, c.req.query());
    const reader = principal.kind === "team" ? principal.organizationId === id : await isMemberOf(db, principal.userId, id);
    if (!reader) throw new AppError("teamNotFound");
    return answer(c, V1_ROUTES.members, await teamMembers(db, id, page));
  });

  app.all("/api/v1/*", (c) => {
    const known = Object.values(V1_ROUTES).some((r) => new RegExp(`^${r.path.replace(/:[^/]+/g, "[^/]+")}$`).test(c.req.path));
    throw known || c.req.path === "/api/v1/openapi.json" || c.req.path === "/api/v1/docs"
      ? new AppError("methodNotAllowed", { headers: { Allow: "GET, HEAD" } })
      : new AppError("notFound");
  });

  app.onError(problemResponse(config.BASE_URL) as unknown as ErrorHandler<ApiEnv>);
  return app as unknown as Hono<AppEnv>;
}

import { z } from "zod";
import * as v1 from "../../core/api/v1.js";
import { API_SCOPES } from "../../core/api-scopes.js";
import { ERRORS, type ErrorCode } from "../errors.js";
import { serverT } from "../i18n.js";
import { problemType } from "./problem.js";
import { COMMON_REFUSALS, V1_ROUTES, type V1Route } from "./route-table.js";

/** The schemas named in the document's components; the answers refer to them. */
const COMPONENTS: Record<string, z.ZodType> = {
  Me: v1.me,
  Entitlements: v1.entitlements,
  Team: v1.apiTeam,
  TeamList: v1.teamList,
  Member: v1.apiMember,
  MemberPage: v1.memberPage,
  Problem: v1.problem,
};

const SCOPE_WORDS: Record<(typeof API_SCOPES)[number], string> = {
  profile: "Your name, picture and language",
  email: "Your e-mail address",
  "entitlements:read": "Your plan, its state, features and limits",
  "teams:read": "Your teams and their members",
};

/** Every component as JSON Schema 2020-12 (OpenAPI 3.1's dialect), referring to each other by component. */
function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
      return [id, rest];
    }),
  );
}

const refTo = (schema: z.ZodType) => {
  const id = Object.entries(COMPONENTS).find(([, s]) => s === schema)?.[0];
  return id
    ? { $ref: `#/components/schemas/${id}` }
    : z.toJSONSchema(schema, { target: "draft-2020-12", io: "output", unrepresentable: "any" });
};

/** One parameter per property of a route's parameter or query schema, as the client sends it. */
function parametersOf(schema: z.ZodObject | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as {
    properties: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(json.properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: s,
  }));
}

function problemAnswer(baseUrl: string, codes: ErrorCode[]) {
  const t = serverT("en");
  const first = ERRORS[codes[0] as ErrorCode];
  return {
    description: codes.map((code) => `\`${ERRORS[code].code}\`: ${t(ERRORS[code].key, { scope: "…", seconds: 30, max: 25 })}`).join(" "),
    content: {
      "application/problem+json": {
        schema: { $ref: "#/components/schemas/Problem" },
        example: {
          type: problemType(baseUrl, first.code),
          title: t(`api:titles.${first.status}`),
          status: first.status,
          detail: t(first.key, { scope: "…", seconds: 30, max: 25 }),
          code: first.code,
        },
      },
    },
  };
}

function operationOf(baseUrl: string, name: string, route: V1Route) {
  const refusals = [...COMMON_REFUSALS, ...route.refusals];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of refusals) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  const headers: Record<string, unknown> = {
    RateLimit: { description: "The requests left in this minute and the seconds until it ends.", schema: { type: "string" } },
    "RateLimit-Policy": { description: "The limit: requests per 60-second window.", schema: { type: "string" } },
  };
  if (route.etag)
    headers.ETag = { description: "Send it back in If-None-Match to get 304 while nothing changed.", schema: { type: "string" } };
  const ok = {
    description: "OK",
    headers,
    content: { "application/json": { schema: refTo(route.answer), example: route.answer.meta()?.example } },
  };
  const responses: Record<string, unknown> = { "200": ok };
  if (route.etag) responses["304"] = { description: "Not modified: the ETag in If-None-Match is still current." };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) responses[String(status)] = problemAnswer(baseUrl, codes);
  const parameters = [...parametersOf(route.params, "path"), ...parametersOf(route.query, "query")];
  if (route.etag) parameters.push({ name: "If-None-Match", in: "header", required: false, schema: { type: "string" } } as never);
  return {
    operationId: name,
    summary: route.summary,
    description: `${route.description}\n\nScopes: ${route.scopes.map((s) => `\`${s}\``).join(" or ")}.`,
    tags: [route.path.startsWith("/api/v1/teams") ? "Teams" : "Account"],
    security: [{ oauth2: route.scopes }, { apiKey: [] }],
    parameters: parameters.length ? parameters : undefined,
    responses,
  };
}

/** The OpenAPI 3.1 document of /api/v1, generated from the route table and its schemas. */
export function openApiDocument(baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(V1_ROUTES) as [string, V1Route][]) {
    const path = route.path.replace(/:([A-Za-z]+)/g, "{$1}");
    paths[path] = { ...paths[path], [route.method]: operationOf(baseUrl, name, route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Recruiting CRM API",
      version: "1.0.0",
      description: `Read the signed-in user, their plan and their teams. Sign-in for extensions and apps, API keys, limits and errors are explained at ${baseUrl}/en/developers.`,
    },
    servers: [{ url: baseUrl }],
    tags: [
      { name: "Account", description: "The user and their plan." },
      { name: "Teams", description: "Teams and their members." },
    ],
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        oauth2: {
          type: "oauth2",
          description:
            "Authorization code with PKCE (S256). Access tokens live 10 minutes; ask for `offline_access` to get a refresh token.",
          flows: {
            authorizationCode: {
              authorizationUrl: `${baseUrl}/api/auth/oauth2/authorize`,
              tokenUrl: `${baseUrl}/api/auth/oauth2/token`,
              refreshUrl: `${baseUrl}/api/auth/oauth2/token`,
              scopes: Object.fromEntries(API_SCOPES.map((s) => [s, SCOPE_WORDS[s]])),
            },
          },
        },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "An API key (`rcrm_…`) from the account's or a team's API keys page, sent as `Authorization: Bearer rcrm_…`.",
        },
      },
    },
  };
}

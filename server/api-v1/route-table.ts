/**
 * Every route of the public API with what the OpenAPI document says of it: the schemas that check
 * its parameters and describe its answer (core/api/v1.ts), the scopes it needs and the refusals it
 * may answer. The handlers (routes.ts) read their parameters with these schemas and type their
 * answers from them; the document (openapi.ts) is generated from this table alone.
 */
import type { z } from "zod";
import * as v1 from "../../core/api/v1.js";
import type { ApiScope } from "../../core/api-scopes.js";
import type { ErrorCode } from "../errors.js";

export interface V1Route {
  method: "get";
  /** The path in Hono's spelling (`:id`); the document writes `{id}`. */
  path: string;
  summary: string;
  description: string;
  /** Any one of these scopes grants the route. */
  scopes: ApiScope[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  answer: z.ZodType;
  /** The refusals beside those of every route (401, 400 for a malformed header, 403 for a scope, 429). */
  refusals: ErrorCode[];
  /** Answers with an ETag and 304 to a matching If-None-Match. */
  etag?: boolean;
}

export const V1_ROUTES = {
  me: {
    method: "get",
    path: "/api/v1/me",
    summary: "The signed-in user",
    description:
      "The user the access token or personal key acts for. `email` and `emailVerified` need the scope `email`; `name`, `image` and `locale` need `profile`.",
    scopes: ["profile", "email"],
    answer: v1.me,
    refusals: [],
  },
  entitlements: {
    method: "get",
    path: "/api/v1/entitlements",
    summary: "What the user's plan allows",
    description:
      "The plan, the subscription's state, the trial's end, features and limits, computed at every request, so a change of subscription shows at the next call. `teams` needs the scope `teams:read`. Answers with an `ETag` and `Cache-Control: private, max-age=60`; send the ETag back in `If-None-Match` to get `304 Not Modified` while nothing changed.",
    scopes: ["entitlements:read"],
    answer: v1.entitlements,
    refusals: [],
    etag: true,
  },
  teams: {
    method: "get",
    path: "/api/v1/teams",
    summary: "The caller's teams",
    description: "The teams the user belongs to, each with their role and the team's plan; for a team's key, that team (role null).",
    scopes: ["teams:read"],
    answer: v1.teamList,
    refusals: [],
  },
  members: {
    method: "get",
    path: "/api/v1/teams/:id/members",
    summary: "A team's members",
    description:
      "One page of 100 members, oldest membership first. Only a member of the team (or the team's own key) can read it; any other team is not found.",
    scopes: ["teams:read"],
    params: v1.teamPath,
    query: v1.memberQuery,
    answer: v1.memberPage,
    refusals: ["badRequest", "teamNotFound"],
  },
} as const satisfies Record<string, V1Route>;

/** Refusals every authenticated route may answer. */
export const COMMON_REFUSALS: ErrorCode[] = ["invalidAuthorization", "apiInvalidToken", "insufficientScope", "apiTooManyRequests"];

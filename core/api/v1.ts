/**
 * The public API under /api/v1 (docs/decisions/093): the answers of its routes. The OpenAPI document
 * at /api/v1/openapi.json is generated from these schemas and the route table in `server/api-v1/`.
 */
import { z } from "zod";
import { PLAN_TYPES } from "../plans";
import { TEAM_ROLES } from "../teams";

/** An RFC 9457 problem document: every refusal of /api/v1, in English or German by Accept-Language. */
export const problem = z
  .object({
    type: z.string().meta({ description: "A link to the explanation of this kind of problem." }),
    title: z.string().meta({ description: "A short summary of the kind of problem." }),
    status: z.number().int(),
    detail: z.string().meta({ description: "What went wrong with this request, in the language asked for." }),
    code: z.string().meta({ description: "A stable code to react to." }),
  })
  .meta({
    example: {
      type: "https://recruiting-crm.example/en/developers#invalid_token",
      title: "Unauthorized",
      status: 401,
      detail: "The access token or API key is missing, expired or revoked.",
      code: "invalid_token",
    },
  });

/** GET /api/v1/me: the signed-in user; `email` needs the scope `email`, the rest `profile`. */
export const me = z
  .object({
    id: z.string(),
    email: z.string().optional(),
    emailVerified: z.boolean().optional(),
    name: z.string().optional(),
    image: z.string().nullable().optional(),
    locale: z.string().nullable().optional(),
  })
  .meta({
    example: { id: "u_2x7Lq", email: "ada@example.com", emailVerified: true, name: "Ada Lovelace", image: null, locale: "en" },
  });

const teamRole = z.enum(TEAM_ROLES);

/** A team as the API lists it, with the caller's role (null for a team's own key) and the team's plan. */
export const apiTeam = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: teamRole.nullable(),
  plan: z.enum(PLAN_TYPES),
});

/** GET /api/v1/entitlements: what the user's plan allows now; `teams` needs the scope `teams:read`. */
export const entitlements = z
  .object({
    plan: z.enum(PLAN_TYPES).meta({ description: "The plan's key." }),
    status: z.string().nullable().meta({ description: "The subscription's state (trialing, active, canceled, …); null without one." }),
    trialEndsAt: z.string().nullable().meta({ description: "When the free trial ends (ISO 8601), while it runs." }),
    features: z.object({
      teams: z.boolean().meta({ description: "May create teams." }),
      proFeatures: z.boolean().meta({ description: "The plan's paid features are unlocked (a running trial included)." }),
    }),
    limits: z.object({
      teamMembers: z.number().int().meta({ description: "Members (and open invitations) a team paid by this user may hold." }),
    }),
    teams: z.array(apiTeam).optional(),
  })
  .meta({
    example: {
      plan: "pro",
      status: "trialing",
      trialEndsAt: "2026-12-29T10:00:00.000Z",
      features: { teams: true, proFeatures: true },
      limits: { teamMembers: 25 },
      teams: [{ id: "t_9a1", name: "Scouts", slug: "scouts", role: "admin", plan: "pro" }],
    },
  });

/** GET /api/v1/teams: the caller's teams (a team key: its own team). */
export const teamList = z.object({ items: z.array(apiTeam) }).meta({
  example: { items: [{ id: "t_9a1", name: "Scouts", slug: "scouts", role: "member", plan: "pro" }] },
});

/** A member of a team as the API lists them. */
export const apiMember = z.object({ userId: z.string(), name: z.string(), email: z.string(), role: teamRole, joinedAt: z.string() });

/** GET /api/v1/teams/{id}/members: one page of a team's members, oldest first. */
export const memberPage = z
  .object({
    items: z.array(apiMember),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({
    example: {
      items: [{ userId: "u_2x7Lq", name: "Ada Lovelace", email: "ada@example.com", role: "admin", joinedAt: "2026-11-02T09:30:00.000Z" }],
      total: 1,
      page: 1,
      pageSize: 100,
    },
  });

/** The query of the members route. */
export const memberQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** The path parameter naming a team. */
export const teamPath = z.object({ id: z.string().min(1).max(200) });

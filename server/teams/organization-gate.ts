import type { Context, MiddlewareHandler } from "hono";
import { ADMIN_ROLE, type TeamPermission } from "../../core/teams.js";
import type { SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { requestText } from "../http/body.js";
import type { AppEnv } from "../http/context.js";
import { allows } from "./access.js";
import { membershipOf } from "./memberships.js";
import { assertPayerStays } from "./team-billing.js";

/** Where a library route names its team: nowhere (the caller's own things), the query, the body, or through an invitation id. */
type TeamFrom = "none" | "query" | "body" | "invitation";

interface LibraryRoute {
  team: TeamFrom;
  /** What the caller's role must grant; membership alone when absent. */
  permission?: TeamPermission;
}

/**
 * The identity library's organization routes the product serves, and what each needs. Routes not
 * listed (permission probes, the library's `get-organization`, and `delete`, which goes through
 * POST /api/teams/:teamId/delete so the subscription that pays for the team follows it) are answered 404.
 */
export const LIBRARY_ROUTES: Record<string, LibraryRoute> = {
  "/organization/create": { team: "none" },
  "/organization/list": { team: "none" },
  "/organization/check-slug": { team: "none" },
  // The invitee is not a member yet; the library lets only the invited address see or answer it.
  "/organization/list-user-invitations": { team: "none" },
  "/organization/get-invitation": { team: "none" },
  "/organization/accept-invitation": { team: "none" },
  "/organization/reject-invitation": { team: "none" },
  "/organization/set-active": { team: "body" },
  "/organization/get-active-member": { team: "body" },
  "/organization/get-active-member-role": { team: "query" },
  "/organization/leave": { team: "body" },
  "/organization/get-full-organization": { team: "query", permission: { roster: ["read"] } },
  "/organization/list-members": { team: "query", permission: { roster: ["read"] } },
  "/organization/list-invitations": { team: "query", permission: { invitation: ["create"] } },
  "/organization/invite-member": { team: "body", permission: { invitation: ["create"] } },
  "/organization/cancel-invitation": { team: "invitation", permission: { invitation: ["cancel"] } },
  "/organization/update": { team: "body", permission: { organization: ["update"] } },
  "/organization/update-member-role": { team: "body", permission: { member: ["update"] } },
  "/organization/remove-member": { team: "body", permission: { member: ["delete"] } },
};

/** Reads only the team's id or slug from a JSON body; the library parses the same bytes itself afterwards. */
async function namedInBody(c: Context): Promise<Record<string, unknown>> {
  if (c.req.method !== "POST") return {};
  const body: unknown = await requestText(c)
    .then(JSON.parse)
    .catch(() => null);
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

async function teamIdOf(db: DB, from: TeamFrom, source: Record<string, unknown>, active: string | null | undefined) {
  if (from === "invitation") {
    const id = typeof source.invitationId === "string" ? source.invitationId : "";
    const row = id ? await db.selectFrom("invitation").select("organizationId").where("id", "=", id).executeTakeFirst() : undefined;
    return row?.organizationId;
  }
  if (typeof source.organizationId === "string" && source.organizationId) return source.organizationId;
  if (typeof source.organizationSlug === "string" && source.organizationSlug) {
    const row = await db.selectFrom("organization").select("id").where("slug", "=", source.organizationSlug).executeTakeFirst();
    return row?.id;
  }
  return active ?? undefined;
}

/** The user a leave, a removal or a demotion takes out of the team's admins, if any. */
async function memberLeaving(db: DB, path: string, teamId: string, callerId: string, body: Record<string, unknown>) {
  if (path.endsWith("/organization/leave")) return callerId;
  const named = path.endsWith("/organization/remove-member")
    ? body.memberIdOrEmail
    : path.endsWith("/organization/update-member-role") &&
        !String(body.role ?? "")
          .split(",")
          .includes(ADMIN_ROLE)
      ? body.memberId
      : undefined;
  if (typeof named !== "string" || !named) return undefined;
  const row = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select("member.userId")
    .where("member.organizationId", "=", teamId)
    .where((eb) => (named.includes("@") ? eb(eb.fn("lower", ["user.email"]), "=", named.toLowerCase()) : eb("member.id", "=", named)))
    .executeTakeFirst();
  return row?.userId;
}

/**
 * Runs in front of the identity library's organization routes, after the session check: the team a
 * request names must be one of the caller's (else 404, so a team's existence is not revealed) and
 * the caller's role must grant the route's permission (else 403), before the library validates
 * anything. Only the team's id is read from the body; every refusal changes nothing.
 */
export function organizationGate(db: DB): MiddlewareHandler<AppEnv & { Variables: Partial<SessionEnv["Variables"]> }> {
  return async (c, next) => {
    const session = c.get("session");
    // No session here means a cross-site request, which the library's origin check refuses.
    if (!session) return next();
    const route = LIBRARY_ROUTES[c.req.path.slice("/api/auth".length)];
    if (!route) throw new AppError("notFound");
    if (route.team === "none") return next();
    // Switching to the personal account names no team.
    if (c.req.path.endsWith("/set-active")) {
      const body = await namedInBody(c);
      if (body.organizationId === null) return next();
    }
    const source = route.team === "query" ? c.req.query() : await namedInBody(c);
    const teamId = await teamIdOf(db, route.team, source, session.session.activeOrganizationId as string | null | undefined);
    const membership = teamId ? await membershipOf(db, session.user.id, teamId) : undefined;
    if (!membership) throw new AppError("teamNotFound");
    if (route.permission && !allows(membership.role, route.permission)) throw new AppError("teamForbidden");
    const leaving = await memberLeaving(db, c.req.path, teamId as string, session.user.id, source);
    if (leaving) await assertPayerStays(db, teamId as string, leaving);
    return next();
  };
}

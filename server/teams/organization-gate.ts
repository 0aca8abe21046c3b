import type { Context, MiddlewareHandler } from "hono";
import { ADMIN_ROLE, type TeamPermission } from "../../core/teams.js";
import type { SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { requestText } from "../http/body.js";
import type { AppEnv } from "../http/context.js";
import { AUTH_BASE_PATH, LIBRARY_PATH } from "../identity-paths.js";
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
  [LIBRARY_PATH.createOrganization]: { team: "none" },
  [LIBRARY_PATH.listOrganizations]: { team: "none" },
  [LIBRARY_PATH.checkOrganizationSlug]: { team: "none" },
  // The invitee is not a member yet; the library lets only the invited address see or answer it.
  [LIBRARY_PATH.listUserInvitations]: { team: "none" },
  [LIBRARY_PATH.getInvitation]: { team: "none" },
  [LIBRARY_PATH.acceptInvitation]: { team: "none" },
  [LIBRARY_PATH.rejectInvitation]: { team: "none" },
  [LIBRARY_PATH.setActiveOrganization]: { team: "body" },
  [LIBRARY_PATH.getActiveMember]: { team: "body" },
  [LIBRARY_PATH.getActiveMemberRole]: { team: "query" },
  [LIBRARY_PATH.leaveOrganization]: { team: "body" },
  [LIBRARY_PATH.getFullOrganization]: { team: "query", permission: { roster: ["read"] } },
  [LIBRARY_PATH.listMembers]: { team: "query", permission: { roster: ["read"] } },
  [LIBRARY_PATH.listInvitations]: { team: "query", permission: { invitation: ["create"] } },
  [LIBRARY_PATH.createInvitation]: { team: "body", permission: { invitation: ["create"] } },
  [LIBRARY_PATH.cancelInvitation]: { team: "invitation", permission: { invitation: ["cancel"] } },
  [LIBRARY_PATH.updateOrganization]: { team: "body", permission: { organization: ["update"] } },
  [LIBRARY_PATH.updateMemberRole]: { team: "body", permission: { member: ["update"] } },
  [LIBRARY_PATH.removeMember]: { team: "body", permission: { member: ["delete"] } },
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
  if (path === LIBRARY_PATH.leaveOrganization) return callerId;
  const named =
    path === LIBRARY_PATH.removeMember
      ? body.memberIdOrEmail
      : path === LIBRARY_PATH.updateMemberRole &&
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
    const path = c.req.path.slice(AUTH_BASE_PATH.length);
    const route = LIBRARY_ROUTES[path];
    if (!route) throw new AppError("notFound");
    if (route.team === "none") return next();
    // Switching to the personal account names no team.
    if (path === LIBRARY_PATH.setActiveOrganization) {
      const body = await namedInBody(c);
      if (body.organizationId === null) return next();
    }
    const source = route.team === "query" ? c.req.query() : await namedInBody(c);
    const teamId = await teamIdOf(db, route.team, source, session.session.activeOrganizationId as string | null | undefined);
    const membership = teamId ? await membershipOf(db, session.user.id, teamId) : undefined;
    if (!membership) throw new AppError("teamNotFound");
    if (route.permission && !allows(membership.role, route.permission)) throw new AppError("teamForbidden");
    const leaving = await memberLeaving(db, path, teamId as string, session.user.id, source);
    if (leaving) await assertPayerStays(db, teamId as string, leaving);
    return next();
  };
}

import type { MiddlewareHandler } from "hono";
import type { TeamPermission } from "../../core/teams.js";
import type { SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { AppError, type ErrorCode } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { allows } from "./access.js";
import { membershipOf } from "./memberships.js";

export type Membership = NonNullable<Awaited<ReturnType<typeof membershipOf>>> & { organizationId: string };

/** The context of a route under /api/teams/:teamId: the session and the caller's membership. */
export type TeamEnv = AppEnv & SessionEnv & { Variables: { membership: Membership } };

/**
 * For routes under /api/teams/:teamId, after the session check and before the body is read: the
 * caller must belong to the team (else 404, which does not reveal the team) and, when a permission
 * is named, their role must grant it (else 403, `refusal`).
 */
export function teamGuard(db: DB, permission?: TeamPermission, refusal: ErrorCode = "teamForbidden"): MiddlewareHandler<TeamEnv> {
  return async (c, next) => {
    const teamId = c.req.param("teamId") ?? "";
    const membership = teamId ? await membershipOf(db, c.var.session.user.id, teamId) : undefined;
    if (!membership) throw new AppError("teamNotFound");
    if (permission && !allows(membership.role, permission)) throw new AppError(refusal);
    c.set("membership", { ...membership, organizationId: teamId });
    await next();
  };
}

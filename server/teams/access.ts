import { createAccessControl } from "better-auth/plugins/access";
import { ROLE_GRANTS, TEAM_STATEMENTS, type TeamPermission, type TeamRole } from "../../core/teams.js";

/** The team roles in the identity library's access control; its organization routes check them too. */
export const teamAccess = createAccessControl(TEAM_STATEMENTS);

export const teamRoles = {
  admin: teamAccess.newRole(ROLE_GRANTS.admin as never),
  member: teamAccess.newRole(ROLE_GRANTS.member as never),
  guest: teamAccess.newRole(ROLE_GRANTS.guest as never),
};

/** Whether a stored role list grants `permission`, decided by the access control. */
export function allows(role: string, permission: TeamPermission): boolean {
  return role
    .split(",")
    .map((r) => r.trim())
    .some((r) => r in teamRoles && teamRoles[r as TeamRole].authorize(permission as never).success);
}

import type { TeamView } from "../../core/api.js";
import { primaryRole, ROLE_GRANTS, type TeamPermission } from "../../core/teams.js";
import type { DB } from "../db/database.js";
import { allows } from "./access.js";
import type { Membership } from "./team-guard.js";

/** The team as the caller may see it: guests get its name and their role, readers of the roster the rest. */
export async function teamView(db: DB, membership: Membership): Promise<TeamView> {
  const team = await db
    .selectFrom("organization")
    .select(["id", "name", "slug", "logo", "createdAt"])
    .where("id", "=", membership.organizationId)
    .executeTakeFirstOrThrow();
  const role = primaryRole(membership.role);
  const base = { id: team.id, name: team.name, role, permissions: ROLE_GRANTS[role] as TeamPermission };
  if (!allows(membership.role, { roster: ["read"] })) return base;
  const { count } = await db
    .selectFrom("member")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("organizationId", "=", team.id)
    .executeTakeFirstOrThrow();
  return { ...base, slug: team.slug, logo: team.logo, createdAt: new Date(team.createdAt).toISOString(), memberCount: Number(count) };
}

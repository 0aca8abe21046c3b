import { type Expression, type SqlBool, sql } from "kysely";
import type { TeamMembership, TeamPage } from "../../core/api.js";
import { ADMIN_ROLE, TEAM_PAGE_SIZE } from "../../core/teams.js";
import type { DB } from "../db/database.js";

/** A member row administers its team (a stored role may be a comma-separated list). */
const isAdminMember: Expression<SqlBool> = sql<SqlBool>`${ADMIN_ROLE} = any(string_to_array(member.role, ','))`;

/** One page of the teams a user administers ("admin") or belongs to without administering ("member"). */
export async function listMemberships(db: DB, userId: string, kind: "admin" | "member", page: number): Promise<TeamPage> {
  const base = db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .where("member.userId", "=", userId)
    .where(kind === "admin" ? isAdminMember : sql<SqlBool>`not (${isAdminMember})`);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const items: TeamMembership[] = await base
    .select(["organization.id", "organization.name", "organization.slug", "member.role"])
    .orderBy("member.createdAt", "asc")
    .orderBy("organization.id")
    .limit(TEAM_PAGE_SIZE)
    .offset((page - 1) * TEAM_PAGE_SIZE)
    .execute();
  return { items, total: Number(total), page, pageSize: TEAM_PAGE_SIZE };
}

/** The id of the user's team with this name that they administer, if any. */
export async function administeredTeamNamed(db: DB, userId: string, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select("organization.id")
    .where("member.userId", "=", userId)
    .where("organization.name", "=", name)
    .where(isAdminMember)
    .executeTakeFirst();
  return row?.id;
}

/** Whose subscription pays for a team: its first admin, who created it. */
export async function billingOwnerOf(db: DB, organizationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("member")
    .select("member.userId")
    .where("member.organizationId", "=", organizationId)
    .where(isAdminMember)
    .orderBy("member.createdAt", "asc")
    .limit(1)
    .executeTakeFirst();
  return row?.userId;
}

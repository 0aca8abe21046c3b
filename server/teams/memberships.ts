import { type Expression, type SqlBool, sql } from "kysely";
import type { TeamMembership, TeamPage } from "../../core/api.js";
import { ADMIN_ROLE, TEAM_LIST_PAGE_SIZE, TEAM_PAGE_SIZE, type TeamListKind } from "../../core/teams.js";
import type { DB } from "../db/database.js";

/** A member row administers its team (a stored role may be a comma-separated list). */
const isAdminMember: Expression<SqlBool> = sql<SqlBool>`${ADMIN_ROLE} = any(string_to_array(member.role, ','))`;

const KIND_FILTER = { admin: isAdminMember, member: sql<SqlBool>`not (${isAdminMember})`, all: sql<SqlBool>`true` };

/**
 * One page of the teams a user administers ("admin"), belongs to without administering ("member"),
 * or all of them ("all", the team list's longer pages).
 */
export async function listMemberships(db: DB, userId: string, kind: TeamListKind, page: number): Promise<TeamPage> {
  const pageSize = kind === "all" ? TEAM_LIST_PAGE_SIZE : TEAM_PAGE_SIZE;
  const base = db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .where("member.userId", "=", userId)
    .where(KIND_FILTER[kind]);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const items: TeamMembership[] = await base
    .select(["organization.id", "organization.name", "organization.slug", "organization.logo", "member.role"])
    .orderBy("member.createdAt", "asc")
    .orderBy("organization.id")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items, total: Number(total), page, pageSize };
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

/** The user's membership in a team, or undefined when they are not in it. */
export async function membershipOf(db: DB, userId: string, organizationId: string) {
  return db
    .selectFrom("member")
    .select(["id", "role", "createdAt"])
    .where("userId", "=", userId)
    .where("organizationId", "=", organizationId)
    .executeTakeFirst();
}

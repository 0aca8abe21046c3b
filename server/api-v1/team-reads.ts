import type { z } from "zod";
import type { apiTeam, memberPage } from "../../core/api/v1.js";
import { primaryRole } from "../../core/teams.js";
import type { DB } from "../db/database.js";
import { teamPlan } from "./plan-of.js";

type ApiTeam = z.output<typeof apiTeam>;

/** Members per page of GET /api/v1/teams/{id}/members. */
export const API_MEMBERS_PAGE_SIZE = 100;

/** The user's teams, oldest membership first, each with the user's role and the team's plan. */
export async function teamsOfUser(db: DB, userId: string): Promise<ApiTeam[]> {
  const rows = await db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["organization.id", "organization.name", "organization.slug", "member.role"])
    .where("member.userId", "=", userId)
    .orderBy("member.createdAt", "asc")
    .orderBy("organization.id")
    .execute();
  return Promise.all(
    rows.map(async (r) => ({ id: r.id, name: r.name, slug: r.slug ?? "", role: primaryRole(r.role), plan: await teamPlan(db, r.id) })),
  );
}

/** A team as its own key sees it: no role. */
export async function teamById(db: DB, organizationId: string): Promise<ApiTeam | undefined> {
  const row = await db.selectFrom("organization").select(["id", "name", "slug"]).where("id", "=", organizationId).executeTakeFirst();
  return row && { id: row.id, name: row.name, slug: row.slug ?? "", role: null, plan: await teamPlan(db, row.id) };
}

/** One page of a team's members, oldest membership first. */
export async function teamMembers(db: DB, organizationId: string, page: number): Promise<z.output<typeof memberPage>> {
  const base = db.selectFrom("member").innerJoin("user", "user.id", "member.userId").where("member.organizationId", "=", organizationId);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = await base
    .select(["member.userId", "member.role", "member.createdAt", "user.name", "user.email"])
    .orderBy("member.createdAt", "asc")
    .orderBy("member.id")
    .limit(API_MEMBERS_PAGE_SIZE)
    .offset((page - 1) * API_MEMBERS_PAGE_SIZE)
    .execute();
  return {
    items: rows.map((r) => ({
      userId: r.userId,
      name: r.name,
      email: r.email,
      role: primaryRole(r.role),
      joinedAt: new Date(r.createdAt).toISOString(),
    })),
    total: Number(total),
    page,
    pageSize: API_MEMBERS_PAGE_SIZE,
  };
}

/** Whether the user belongs to the team. */
export async function isMemberOf(db: DB, userId: string, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom("member")
    .select("id")
    .where("userId", "=", userId)
    .where("organizationId", "=", organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

import { sql } from "kysely";
import type { TeamMemberPage } from "../../core/api.js";
import { ADMIN_ROLE, primaryRole, TEAM_MEMBERS_PAGE_SIZE } from "../../core/teams.js";
import { viewAndSync } from "../billing/subscription-store.js";
import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { billingOwnerOf } from "./memberships.js";

export type QuotaConfig = Pick<Config, "TEAM_MEMBER_QUOTA_PRO" | "TEAM_MEMBER_QUOTA_INDIVIDUAL">;

/** Escapes LIKE's wildcards so a search matches the typed text literally. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The team's member limit: the plan of the admin whose subscription pays for it (pro while it runs, else individual). */
export async function memberLimitOf(db: DB, config: QuotaConfig, organizationId: string): Promise<number> {
  const payer = await billingOwnerOf(db, organizationId);
  const pro = payer ? (await viewAndSync(db, payer)).isPro : false;
  return pro ? config.TEAM_MEMBER_QUOTA_PRO : config.TEAM_MEMBER_QUOTA_INDIVIDUAL;
}

/** Seats taken: members plus invitations that can still be accepted. */
export async function seatsUsed(db: DB, organizationId: string, now = new Date()): Promise<number> {
  const members = await db
    .selectFrom("member")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organizationId", "=", organizationId)
    .executeTakeFirstOrThrow();
  const invitations = await db
    .selectFrom("invitation")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organizationId", "=", organizationId)
    .where("status", "=", "pending")
    .where("expiresAt", ">", now)
    .executeTakeFirstOrThrow();
  return Number(members.n) + Number(invitations.n);
}

/** Refuses a new invitation when members and open invitations already fill the plan's limit. */
export async function assertSeatFree(db: DB, config: QuotaConfig, organizationId: string): Promise<void> {
  if ((await seatsUsed(db, organizationId)) >= (await memberLimitOf(db, config, organizationId))) throw new AppError("membershipQuota");
}

/** One page of a team's members, oldest first, optionally those whose name or e-mail contains `search`. */
export async function listRoster(
  db: DB,
  config: QuotaConfig,
  input: { organizationId: string; page: number; search: string },
): Promise<TeamMemberPage> {
  const pageSize = TEAM_MEMBERS_PAGE_SIZE;
  let base = db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("member.organizationId", "=", input.organizationId);
  const search = input.search.trim();
  if (search) {
    const pattern = likeLiteral(search.toLowerCase());
    base = base.where((eb) =>
      eb.or([eb(sql`lower(${sql.ref("user.name")})`, "like", pattern), eb(sql`lower(${sql.ref("user.email")})`, "like", pattern)]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = await base
    .select(["member.id", "member.userId", "member.role", "member.createdAt", "user.name", "user.email"])
    .orderBy("member.createdAt", "asc")
    .orderBy("member.id")
    .limit(pageSize)
    .offset((input.page - 1) * pageSize)
    .execute();
  const payer = await billingOwnerOf(db, input.organizationId);
  return {
    items: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: r.name,
      email: r.email,
      role: primaryRole(r.role),
      joinedAt: new Date(r.createdAt).toISOString(),
      pays: r.userId === payer,
    })),
    total: Number(total),
    page: input.page,
    pageSize,
    seats: { used: await seatsUsed(db, input.organizationId), limit: await memberLimitOf(db, config, input.organizationId) },
  };
}

/** How many admins the team has. */
export async function adminCount(db: DB, organizationId: string): Promise<number> {
  const { n } = await db
    .selectFrom("member")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organizationId", "=", organizationId)
    .where(sql<boolean>`${ADMIN_ROLE} = any(string_to_array(member.role, ','))`)
    .executeTakeFirstOrThrow();
  return Number(n);
}

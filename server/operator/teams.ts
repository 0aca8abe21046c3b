import { sql } from "kysely";
import {
  OPERATOR_PAGE_SIZE,
  type OperatorTeamDetail,
  type OperatorTeamRow,
  type Paged,
  SEARCH_MIN,
  type TeamListQuery,
} from "../../core/operator.js";
import { ADMIN_ROLE, isAdminRole, primaryRole } from "../../core/teams.js";
import { currentSubscription, viewAndSync } from "../billing/subscription-store.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { listDomains } from "../teams/domains.js";
import { pendingInvitations, revokeInvitation } from "../teams/invitations.js";
import { billingOwnerOf } from "../teams/memberships.js";
import { adminCount, memberLimitOf, type QuotaConfig, seatsUsed } from "../teams/roster.js";
import { assertPayerStays } from "../teams/team-billing.js";
import { type AuditActor, type AuditDeps, operatorChange } from "./audit-log.js";

/** A member row administers its team (a stored role may be a comma-separated list). */
const ADMIN_MEMBER = sql`${ADMIN_ROLE} = any(string_to_array(m.role, ','))`;
const SORTS = { createdAt: sql`o."createdAt"`, name: sql`lower(o.name)`, members: sql`"memberCount"` } as const;

interface TeamRowSql {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Date | string;
  memberCount: number | string;
  payerEmail: string | null;
  payerPro: boolean | null;
}

const toRow = (r: TeamRowSql): OperatorTeamRow => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  logo: r.logo,
  createdAt: new Date(r.createdAt).toISOString(),
  memberCount: Number(r.memberCount),
  plan: r.payerPro ? "pro" : "individual",
  payerEmail: r.payerEmail,
});

/** The team's columns of a list row: its member count and the admin who pays (the first admin by membership date). */
const rowSelect = sql`o.id, o.name, o.slug, o.logo, o."createdAt",
  (select count(*) from member m where m."organizationId" = o.id) as "memberCount",
  payer.email as "payerEmail", payer.pro as "payerPro"`;
const payerJoin = sql`left join lateral (
  select u.email, (u."planType" = 'pro' and u."activeSubscription") as pro
  from member m join "user" u on u.id = m."userId"
  where m."organizationId" = o.id and ${ADMIN_MEMBER}
  order by m."createdAt" asc limit 1
) payer on true`;

/**
 * Every team's member count in one pass over the member index, for sorting by it: a count per team
 * in the sort would look up each of the teams' members separately.
 */
const memberCounts = sql`left join (
  select "organizationId", count(*) as n from member group by "organizationId"
) mc on mc."organizationId" = o.id`;

/**
 * One page of teams: a search matches any part of the name or slug (trigram indexes, migration
 * 0025) or an exact id; sorted by the column asked for, then by id so paging is stable. The page
 * is chosen first; its 25 teams then get their member count and paying admin.
 */
export async function listTeams(db: DB, query: TeamListQuery): Promise<Paged<OperatorTeamRow>> {
  const page = Math.max(1, query.page ?? 1);
  const q = query.q?.trim() ?? "";
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q.length >= SEARCH_MIN ? sql`where lower(o.name) like ${pattern} or lower(o.slug) like ${pattern} or o.id = ${q}` : sql``;
  const sort = query.sort ?? "createdAt";
  const dir = sql.raw((query.dir ?? (sort === "name" ? "asc" : "desc")) === "asc" ? "asc" : "desc");
  const byMembers = sort === "members";
  const pageOfTeams = sql`select o.* ${byMembers ? sql`, coalesce(mc.n, 0) as "memberCount"` : sql``}
    from organization o ${byMembers ? memberCounts : sql``} ${where}
    order by ${SORTS[sort]} ${dir}, o.id ${dir}
    limit ${OPERATOR_PAGE_SIZE} offset ${(page - 1) * OPERATOR_PAGE_SIZE}`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ total: number | string }>`select count(*) as total from organization o ${where}`.execute(db),
    sql<TeamRowSql>`select ${rowSelect} from (${pageOfTeams}) o ${payerJoin} order by ${SORTS[sort]} ${dir}, o.id ${dir}`.execute(db),
  ]);
  return { items: rows.map(toRow), total: Number(counted[0]?.total ?? 0), page, pageSize: OPERATOR_PAGE_SIZE };
}

/** Everything the console shows of one team but its connections (the enterprise layer's); 404 for an id that is not there. */
export async function teamDetail(db: DB, config: QuotaConfig, teamId: string): Promise<Omit<OperatorTeamDetail, "connections">> {
  const { rows } = await sql<TeamRowSql>`select ${rowSelect} from organization o ${payerJoin} where o.id = ${teamId}`.execute(db);
  const team = rows[0];
  if (!team) throw new AppError("teamNotFound");
  const payerId = await billingOwnerOf(db, teamId);
  if (payerId) await viewAndSync(db, payerId);
  const [members, invitations, domains, payer, sub, used, limit] = await Promise.all([
    db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.id", "member.userId", "member.role", "member.createdAt", "user.name", "user.email"])
      .where("member.organizationId", "=", teamId)
      .orderBy("member.createdAt", "asc")
      .orderBy("member.id")
      .limit(500)
      .execute(),
    pendingInvitations(db, teamId),
    listDomains(db, teamId),
    payerId
      ? db.selectFrom("user").select(["id", "name", "email", "subscriptionStatus"]).where("id", "=", payerId).executeTakeFirst()
      : undefined,
    payerId ? currentSubscription(db, payerId) : null,
    seatsUsed(db, teamId),
    memberLimitOf(db, config, teamId),
  ]);
  const ends = sub ? (sub.status === "trialing" ? sub.trialEnd : sub.currentPeriodEnd) : null;
  return {
    ...toRow(team),
    members: members.map((m) => ({
      id: m.id,
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: primaryRole(m.role),
      joinedAt: new Date(m.createdAt).toISOString(),
      pays: m.userId === payerId,
    })),
    invitations: invitations.items.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      invitedAt: i.invitedAt,
      expiresAt: i.expiresAt,
      expired: i.expired,
    })),
    domains: domains.items.map((d) => ({ id: d.id, domain: d.domain, verified: d.verified, enrollmentMode: d.enrollmentMode })),
    billing: {
      payer: payer ? { id: payer.id, name: payer.name, email: payer.email } : null,
      subscriptionStatus: sub?.status ?? null,
      renewsOrEndsAt: ends ? new Date(ends).toISOString() : null,
      cancelAtPeriodEnd: Boolean(sub?.cancelAtPeriodEnd),
      seats: { used, limit },
    },
  };
}

/** What the audit log calls a team: its name at the time of the action, or null for an unknown id. */
export async function teamLabel(db: DB, teamId: string): Promise<string | null> {
  const team = await db.selectFrom("organization").select("name").where("id", "=", teamId).executeTakeFirst();
  return team?.name ?? null;
}

/** The address of a team's member, for the audit log; null when there is no such member. */
export async function memberLabel(db: DB, teamId: string, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select("user.email")
    .where("member.organizationId", "=", teamId)
    .where("member.id", "=", memberId)
    .executeTakeFirst();
  return row?.email ?? null;
}

async function memberOf(db: DB, teamId: string, memberId: string) {
  const row = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["member.id", "member.userId", "member.role", "user.email"])
    .where("member.organizationId", "=", teamId)
    .where("member.id", "=", memberId)
    .executeTakeFirst();
  if (!row) throw new AppError("notFound");
  return row;
}

/**
 * Takes a member out of a team under the team's own rules: the last admin cannot go (decision 063)
 * and the admin whose running subscription pays for it stays (decision 069).
 */
export async function removeTeamMember(deps: AuditDeps, actor: AuditActor, teamId: string, memberId: string): Promise<void> {
  const record = {
    action: "team.member.remove" as const,
    targetType: "team" as const,
    targetId: teamId,
    targetLabel: await teamLabel(deps.db, teamId),
    details: { memberId, member: await memberLabel(deps.db, teamId, memberId) },
  };
  await operatorChange(deps, actor, record, async (trx) => {
    const member = await memberOf(trx, teamId, memberId);
    if (isAdminRole(member.role) && (await adminCount(trx, teamId)) < 2) throw new AppError("lastAdmin");
    await assertPayerStays(trx, teamId, member.userId);
    await trx.deleteFrom("member").where("id", "=", member.id).execute();
  });
}

/**
 * Hands the admin role from one member to another: the new admin is promoted before the old one
 * steps down, so the team is never without an admin, and the paying admin keeps the role while
 * their subscription runs (decision 069); a refusal changes nothing.
 */
export async function transferTeamAdmin(
  deps: AuditDeps,
  actor: AuditActor,
  teamId: string,
  input: { fromMemberId: string; toMemberId: string },
): Promise<void> {
  const record = {
    action: "team.admin.transfer" as const,
    targetType: "team" as const,
    targetId: teamId,
    targetLabel: await teamLabel(deps.db, teamId),
    details: {
      ...input,
      from: await memberLabel(deps.db, teamId, input.fromMemberId),
      to: await memberLabel(deps.db, teamId, input.toMemberId),
    },
  };
  await operatorChange(deps, actor, record, async (trx) => {
    if (input.fromMemberId === input.toMemberId) throw new AppError("badRequest");
    const from = await memberOf(trx, teamId, input.fromMemberId);
    const to = await memberOf(trx, teamId, input.toMemberId);
    if (!isAdminRole(from.role)) throw new AppError("teamNotAdmin");
    await trx.updateTable("member").set({ role: ADMIN_ROLE }).where("id", "=", to.id).execute();
    await assertPayerStays(trx, teamId, from.userId);
    await trx.updateTable("member").set({ role: "member" }).where("id", "=", from.id).execute();
  });
}

/** Revokes a pending invitation of the team (the team's own rule: its link stops working). */
export async function revokeTeamInvitation(deps: AuditDeps, actor: AuditActor, teamId: string, invitationId: string): Promise<void> {
  const record = {
    action: "team.invitation.revoke" as const,
    targetType: "team" as const,
    targetId: teamId,
    targetLabel: await teamLabel(deps.db, teamId),
    details: { invitationId, email: await invitationLabel(deps.db, teamId, invitationId) },
  };
  await operatorChange(deps, actor, record, (trx) => revokeInvitation(trx, { organizationId: teamId, invitationId }));
}

/** The invited address, for the audit log. */
export async function invitationLabel(db: DB, teamId: string, invitationId: string): Promise<string | null> {
  const row = await db
    .selectFrom("invitation")
    .select("email")
    .where("id", "=", invitationId)
    .where("organizationId", "=", teamId)
    .executeTakeFirst();
  return row?.email ?? null;
}

import { type Expression, type SqlBool, sql } from "kysely";
import { slugify } from "../../app/components/dashboard/slug.js";
import type { Auth } from "../auth/auth.js";
import { viewAndSync } from "../billing/subscription-store.js";
import type { DB } from "../db/database.js";

export const TEAM_PAGE_SIZE = 5;
export const TEAM_NAME_MAX = 100;

/** Roles that administer a team (the creator gets "admin"; a role may be a comma-separated list). */
const isAdminRole: Expression<SqlBool> = sql<SqlBool>`string_to_array(member.role, ',') && array['admin', 'owner', 'org:admin']`;

/** Only pro users with an active subscription create teams (SPEC section 6). */
export async function canCreateTeams(db: DB, userId: string): Promise<boolean> {
  return (await viewAndSync(db, userId)).isPro;
}

/** The team name's slug, numbered when already taken: acme, acme-2, acme-3 … */
export async function uniqueSlug(db: DB, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .selectFrom("organization")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Creates a team with the user as its admin. With request headers Better Auth acts for the
 * signed-in user and applies the pro-only rule; without, it is a system action for `userId`.
 */
export async function createTeam(auth: Auth, db: DB, input: { name: string; userId: string; headers?: Headers }) {
  const slug = await uniqueSlug(db, input.name);
  if (input.headers) return auth.api.createOrganization({ headers: input.headers, body: { name: input.name, slug } });
  return auth.api.createOrganization({ body: { name: input.name, slug, userId: input.userId } });
}

/** Creates the team named at checkout unless the user already administers a team of that name. */
export async function ensureTeam(auth: Auth, db: DB, userId: string, name: string): Promise<void> {
  const existing = await db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select("organization.id")
    .where("member.userId", "=", userId)
    .where("organization.name", "=", name)
    .where(isAdminRole)
    .executeTakeFirst();
  if (!existing) await createTeam(auth, db, { name, userId });
}

export interface TeamMembership {
  id: string;
  name: string;
  slug: string;
  role: string;
}

/** One page of the teams a user administers ("admin") or belongs to without administering ("member"). */
export async function listMemberships(db: DB, userId: string, kind: "admin" | "member", page: number) {
  const base = db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .where("member.userId", "=", userId)
    .where(kind === "admin" ? isAdminRole : sql<SqlBool>`not (${isAdminRole})`);
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

export async function isTeamAdmin(db: DB, userId: string, organizationId: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom("member")
      .select("member.id")
      .where("member.userId", "=", userId)
      .where("member.organizationId", "=", organizationId)
      .where(isAdminRole)
      .executeTakeFirst(),
  );
}

/** Whose subscription pays for a team: its first admin, who created it. */
export async function billingOwnerOf(db: DB, organizationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("member")
    .select("member.userId")
    .where("member.organizationId", "=", organizationId)
    .where(isAdminRole)
    .orderBy("member.createdAt", "asc")
    .limit(1)
    .executeTakeFirst();
  return row?.userId;
}

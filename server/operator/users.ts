import { sql } from "kysely";
import {
  type AuditAction,
  BAN_REASON_MAX,
  isOperator,
  OPERATOR_PAGE_SIZE,
  OPERATOR_ROLE,
  type OperatorUserDetail,
  type OperatorUserRow,
  type Paged,
  SEARCH_MIN,
  type UserListQuery,
} from "../../core/operator.js";
import { describeUserAgent } from "../account/devices.js";
import { endSessionsAndGrants } from "../account/end-access.js";
import type { Auth } from "../auth/auth.js";
import { complimentaryEnd } from "../billing/complimentary.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { type AuditActor, type AuditDeps, operatorChange } from "./audit-log.js";

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

const SORT_COLUMNS = { createdAt: "createdAt", email: "email", name: "name" } as const;

/**
 * One page of users: a search matches the start or any part of the e-mail address or the name
 * (trigram indexes, migration 0017_operator) or an exact id; filters narrow it; sorted by the
 * column asked for, then by id so paging is stable.
 */
export async function listUsers(db: DB, query: UserListQuery): Promise<Paged<OperatorUserRow>> {
  const page = Math.max(1, query.page ?? 1);
  const q = query.q?.trim().toLowerCase() ?? "";
  let base = db.selectFrom("user");
  if (q.length >= SEARCH_MIN) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb(sql`lower(email)`, "like", pattern), eb(sql`lower(name)`, "like", pattern), eb("id", "=", query.q?.trim() ?? "")]),
    );
  }
  if (query.status === "banned") base = base.where("banned", "=", true);
  if (query.status === "active")
    base = base.where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)])).where("emailVerified", "=", true);
  if (query.status === "unverified") base = base.where("emailVerified", "=", false);
  if (query.plan) base = base.where("planType", "=", query.plan);
  if (query.subscription) base = base.where("subscriptionStatus", "=", query.subscription);
  // Whole days in UTC, as a half-open range on "createdAt" so the index user_created_at serves it.
  if (query.createdFrom) base = base.where("createdAt", ">=", new Date(`${query.createdFrom}T00:00:00Z`));
  if (query.createdTo) base = base.where("createdAt", "<", new Date(Date.parse(`${query.createdTo}T00:00:00Z`) + 86_400_000));
  const { total } = (await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst()) ?? { total: 0 };
  const column = SORT_COLUMNS[query.sort ?? "createdAt"];
  const dir = query.dir ?? (column === "createdAt" ? "desc" : "asc");
  const rows = await base
    .select(["id", "name", "email", "emailVerified", "planType", "subscriptionStatus", "banned", "role", "createdAt"])
    .orderBy(column, dir)
    .orderBy("id", dir)
    .limit(OPERATOR_PAGE_SIZE)
    .offset((page - 1) * OPERATOR_PAGE_SIZE)
    .execute();
  return { items: rows.map(toRow), total: Number(total), page, pageSize: OPERATOR_PAGE_SIZE };
}

function toRow(r: {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  planType: string | null;
  subscriptionStatus: string | null;
  banned: boolean | null;
  role: string | null;
  createdAt: Date | string;
}): OperatorUserRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    emailVerified: r.emailVerified,
    planType: r.planType,
    subscriptionStatus: r.subscriptionStatus,
    banned: Boolean(r.banned),
    operator: isOperator(r),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** Everything the console shows of one user; 404 for an id that is not there. */
export async function userDetail(db: DB, userId: string): Promise<OperatorUserDetail> {
  const user = await db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("notFound");
  const [accounts, sessions, teams, contacts, complimentary] = await Promise.all([
    db.selectFrom("account").select("providerId").where("userId", "=", userId).execute(),
    db
      .selectFrom("session")
      .select(["id", "userAgent", "ipAddress", "createdAt", "updatedAt", "impersonatedBy"])
      .where("userId", "=", userId)
      .where("expiresAt", ">", new Date())
      .orderBy("updatedAt", "desc")
      .execute(),
    db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select(["organization.id", "organization.name", "member.role"])
      .where("member.userId", "=", userId)
      .orderBy("organization.name")
      .execute(),
    db
      .selectFrom("contact_request")
      .select(["id", "created_at", "status"])
      .where(sql`lower(email)`, "=", user.email.toLowerCase())
      .orderBy("created_at", "desc")
      .limit(50)
      .execute(),
    complimentaryEnd(db, userId),
  ]);
  return {
    ...toRow(user),
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.displayUsername ?? user.username,
    locale: user.locale,
    image: user.image,
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    banReason: user.banned ? user.banReason : null,
    banExpires: user.banned ? iso(user.banExpires) : null,
    trialEndsAt: iso(user.trialEndsAt),
    signInMethods: [...new Set(accounts.map((a) => (a.providerId === "credential" ? "password" : a.providerId)))].sort(),
    sessions: sessions.map((s) => ({
      id: s.id,
      ...describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress || null,
      createdAt: new Date(s.createdAt).toISOString(),
      lastActiveAt: new Date(s.updatedAt ?? s.createdAt).toISOString(),
      impersonated: Boolean(s.impersonatedBy),
    })),
    teams: teams.map((t) => ({ id: t.id, name: t.name, role: t.role })),
    contactRequests: contacts.map((c) => ({ id: c.id, createdAt: new Date(c.created_at).toISOString(), status: c.status })),
    complimentary: complimentary === undefined ? null : { endsAt: complimentary },
    consent: user.legalConsentAt ? { at: new Date(user.legalConsentAt).toISOString(), version: user.legalConsentVersion } : null,
  };
}

/** The user an action is about, refused when it is not there; operators cannot be banned (revoke the role first). */
async function target(db: DB, userId: string) {
  const user = await db.selectFrom("user").select(["id", "email", "role"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("notFound");
  return user;
}

/** What an operator's change to a user needs: the identity library, the database and the audit key. */
export interface UserActionDeps extends AuditDeps {
  auth: Auth;
}

/**
 * Bans a user: no new session can be opened (the identity library's check at session creation,
 * answered with the translated ban message) and every open one ends now, on every instance.
 */
export async function banUser(
  deps: UserActionDeps,
  actor: AuditActor,
  userId: string,
  ban: { reason: string; expiresAt: Date | null },
): Promise<void> {
  // A malformed request is refused before it is an action.
  if (ban.expiresAt && ban.expiresAt.getTime() <= Date.now()) throw new AppError("invalidBan");
  if (userId === actor.id) throw new AppError("operatorNotBannable");
  const reason = ban.reason.trim().slice(0, BAN_REASON_MAX);
  const record = {
    ...(await userRecord(deps.db, "user.ban" as const, userId)),
    details: { reason: ban.reason, expiresAt: ban.expiresAt?.toISOString() ?? null },
  };
  await operatorChange(
    deps,
    actor,
    record,
    async () => {
      const user = await target(deps.db, userId);
      if (isOperator(user)) throw new AppError("operatorNotBannable");
      const context = await deps.auth.$context;
      await context.internalAdapter.updateUser(userId, {
        banned: true,
        banReason: reason,
        banExpires: ban.expiresAt,
        updatedAt: new Date(),
      });
      // Apps' access ends too, also where the session that granted it is already gone (docs/decisions/090).
      await endSessionsAndGrants(deps, userId);
    },
    { viaLibrary: true },
  );
}

export async function unbanUser(deps: UserActionDeps, actor: AuditActor, userId: string): Promise<void> {
  const record = await userRecord(deps.db, "user.unban" as const, userId);
  await operatorChange(
    deps,
    actor,
    record,
    async () => {
      await target(deps.db, userId);
      const context = await deps.auth.$context;
      await context.internalAdapter.updateUser(userId, { banned: false, banReason: null, banExpires: null, updatedAt: new Date() });
    },
    { viaLibrary: true },
  );
}

/** Ends one session of the user (when named) or all of them; answers how many ended. */
export async function revokeUserSessions(deps: UserActionDeps, actor: AuditActor, userId: string, sessionId?: string): Promise<number> {
  const record = {
    ...(await userRecord(deps.db, sessionId ? ("user.session.revoke" as const) : ("user.sessions.revoke" as const), userId)),
    details: sessionId ? { sessionId } : undefined,
  };
  return operatorChange(
    deps,
    actor,
    record,
    async () => {
      await target(deps.db, userId);
      let query = deps.db.selectFrom("session").select("token").where("userId", "=", userId);
      if (sessionId) query = query.where("id", "=", sessionId);
      const rows = await query.execute();
      if (sessionId && rows.length === 0) throw new AppError("notFound");
      if (rows.length === 0) return 0;
      const context = await deps.auth.$context;
      await context.internalAdapter.deleteSessions(rows.map((r) => r.token));
      return rows.length;
    },
    { viaLibrary: true },
  );
}

/** What the audit log calls a user: the address at the time of the action, or null for an unknown id. */
/** The audit record of an operator action on a user, labelled with the user's address. */
export async function userRecord<A extends AuditAction>(db: DB, action: A, userId: string) {
  return { action, targetType: "user" as const, targetId: userId, targetLabel: await userLabel(db, userId) };
}

export async function userLabel(db: DB, userId: string): Promise<string | null> {
  const user = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  return user?.email ?? null;
}

/** Makes the user with this address an operator, or takes the role away; answers the user, or null when there is none. */
export async function setOperatorRole(db: DB, email: string, operator: boolean) {
  const user = await db
    .updateTable("user")
    .set({ role: operator ? OPERATOR_ROLE : "user", updatedAt: new Date() })
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .returning(["id", "email"])
    .executeTakeFirst();
  return user ?? null;
}

/** The users who are operators now. */
export async function listOperators(db: DB) {
  return db.selectFrom("user").select(["id", "email", "name"]).where("role", "=", OPERATOR_ROLE).orderBy("email").execute();
}

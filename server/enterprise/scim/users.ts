import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import { SCIM_BASE_PATH } from "../../../core/api/sso.js";
import { splitName } from "../../../core/names.js";
import type { AuditAction } from "../../../core/operator.js";
import { normalizeDomain } from "../../../core/teams.js";
import { normalizeEmail } from "../../access/email-rules.js";
import { checkErasable } from "../../account/delete-account.js";
import { eraseUser } from "../../account/erase-user.js";
import type { Auth } from "../../auth/auth.js";
import type { DB } from "../../db/database.js";
import { AppError } from "../../errors.js";
import { ownerOfFurtherAddress } from "../../identifiers/email-addresses.js";
import { type AuditActor, recordAudit } from "../../operator/audit-log.js";
import { billingOwnerOf } from "../../teams/memberships.js";
import { assertSeatFree, type QuotaConfig } from "../../teams/roster.js";
import { managingTeam } from "../managed-accounts.js";
import { endAccess } from "./deprovision.js";
import { parseUserFilter } from "./filter.js";
import { MAX_RESULTS, SCHEMA, ScimError } from "./protocol.js";
import { applyUserPatch, readUserResource, type ScimUserState } from "./user-input.js";

export interface ScimDeps {
  db: DB;
  auth: Auth;
  baseUrl: string;
  secret: string;
  config: QuotaConfig;
}

/** The team a request's token provisions, and who the audit log says acted: the directory, by its token's first characters. */
export interface ScimCaller {
  organizationId: string;
  actor: AuditActor;
}

const COLUMNS = [
  "scim_user.id",
  "scim_user.user_id",
  "scim_user.user_name",
  "scim_user.external_id",
  "scim_user.active",
  "scim_user.made_account",
  "scim_user.created_at",
  "scim_user.updated_at",
  "user.email",
  "user.name",
  "user.firstName",
  "user.lastName",
] as const;

const users = (db: DB, organizationId: string) =>
  db
    .selectFrom("scim_user")
    .innerJoin("user", "user.id", "scim_user.user_id")
    .select(COLUMNS)
    .where("scim_user.organization_id", "=", organizationId);

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof users>["executeTakeFirst"]>>>;

const iso = (value: Date | string) => new Date(value).toISOString();
const compact = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== null && v !== ""));

/** A provisioned person as a SCIM User resource (RFC 7643 §4.1), the account's name and address as they are now. */
function resourceOf(baseUrl: string, row: Row) {
  return {
    schemas: [SCHEMA.user],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.user_name,
    name: compact({ formatted: row.name, givenName: row.firstName, familyName: row.lastName }),
    displayName: row.name,
    emails: [{ value: row.email, type: "work", primary: true }],
    active: row.active,
    meta: {
      resourceType: "User",
      created: iso(row.created_at),
      lastModified: iso(row.updated_at),
      location: `${baseUrl}${SCIM_BASE_PATH}/Users/${row.id}`,
    },
  };
}
export type ScimUserResource = ReturnType<typeof resourceOf>;

async function rowOf(db: DB, organizationId: string, id: string): Promise<Row> {
  const row = await users(db, organizationId).where("scim_user.id", "=", id).executeTakeFirst();
  if (!row) throw new ScimError(404, "api:scim.userNotFound");
  return row;
}

/** The state a directory would read back: the starting point of a PATCH, and what a PUT is compared with. */
const stateOf = (row: Row): ScimUserState => ({
  userName: row.user_name,
  externalId: row.external_id,
  active: row.active,
  email: row.email,
  givenName: row.firstName,
  familyName: row.lastName,
  formatted: row.name,
  displayName: row.name,
});

const ADDRESS = z.email().max(254);

/**
 * The team's connection that serves the address's domain, not switched off by an operator, in any
 * state: a directory may provision people before the connection is opened for sign-in.
 */
async function connectionFor(db: DB, organizationId: string, email: string) {
  if (!ADDRESS.safeParse(email).success) throw new ScimError(400, "api:scim.invalidValue", "invalidValue", { attribute: "emails" });
  const domain = normalizeDomain(email.slice(email.lastIndexOf("@") + 1)) ?? "";
  const connection = await db
    .selectFrom("sso_connection_domain")
    .innerJoin("sso_connection", "sso_connection.id", "sso_connection_domain.connection_id")
    .select(["sso_connection.id", "sso_connection.default_role"])
    .where("sso_connection_domain.domain", "=", domain)
    .where("sso_connection.organization_id", "=", organizationId)
    .where("sso_connection.disabled_at", "is", null)
    .executeTakeFirst();
  if (!connection) throw new ScimError(400, "api:scim.domainNotConnected", "invalidValue", { domain });
  return connection;
}

async function accountWithAddress(db: DB, email: string): Promise<string | undefined> {
  return (
    (await db.selectFrom("user").select("id").where("normalizedEmail", "=", normalizeEmail(email)).executeTakeFirst())?.id ??
    (await ownerOfFurtherAddress(db, email))?.userId
  );
}

async function assertUserNameFree(db: DB, organizationId: string, userName: string, except?: string): Promise<void> {
  let query = db
    .selectFrom("scim_user")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where(sql`lower(user_name)`, "=", userName.toLowerCase());
  if (except) query = query.where("id", "!=", except);
  if (await query.executeTakeFirst()) throw new ScimError(409, "api:scim.userNameTaken", "uniqueness");
}

/** The account's name from what the directory sends: its formatted name, its display name, or the name's parts. */
function namesOf(state: ScimUserState, fallback: string) {
  const joined = [state.givenName, state.familyName].filter(Boolean).join(" ");
  const name = state.formatted ?? state.displayName ?? (joined || fallback);
  const split = splitName(name);
  return { name, firstName: state.givenName ?? split.firstName, lastName: state.familyName ?? split.lastName };
}

/** The name after a change: the part the directory changed wins; unchanged parts keep the account's name. */
function changedNames(before: ScimUserState, after: ScimUserState, current: string) {
  const partsChanged = after.givenName !== before.givenName || after.familyName !== before.familyName;
  const name =
    after.formatted && after.formatted !== before.formatted
      ? after.formatted
      : after.displayName && after.displayName !== before.displayName
        ? after.displayName
        : partsChanged
          ? [after.givenName, after.familyName].filter(Boolean).join(" ") || current
          : current;
  const split = splitName(name);
  return { name, firstName: after.givenName ?? split.firstName, lastName: after.familyName ?? split.lastName };
}

const audit = (
  deps: ScimDeps,
  caller: ScimCaller,
  action: AuditAction,
  userId: string,
  label: string | null,
  details: Record<string, unknown>,
) =>
  recordAudit(deps.db, deps.secret, caller.actor, {
    action,
    targetType: "user",
    targetId: userId,
    targetLabel: label,
    outcome: "success",
    details: { organizationId: caller.organizationId, ...details },
  });

export async function getUser(deps: ScimDeps, caller: ScimCaller, id: string): Promise<ScimUserResource> {
  return resourceOf(deps.baseUrl, await rowOf(deps.db, caller.organizationId, id));
}

/**
 * One page of the team's provisioned people, optionally filtered (RFC 7644 §3.4.2): `startIndex`
 * counts from 1, `count` is at most `MAX_RESULTS` (0 answers the total only).
 */
export async function listUsers(deps: ScimDeps, caller: ScimCaller, query: { filter?: string; startIndex?: string; count?: string }) {
  const startIndex = Math.max(1, Number.parseInt(query.startIndex ?? "1", 10) || 1);
  const asked = Number.parseInt(query.count ?? String(MAX_RESULTS), 10);
  const count = Math.min(MAX_RESULTS, Math.max(0, Number.isNaN(asked) ? MAX_RESULTS : asked));
  let base = users(deps.db, caller.organizationId);
  if (query.filter !== undefined) {
    const { attribute, value } = parseUserFilter(query.filter);
    if (attribute === "userName") base = base.where(sql`lower(scim_user.user_name)`, "=", value.toLowerCase());
    else if (attribute === "externalId") base = base.where("scim_user.external_id", "=", value);
    else if (attribute === "id") base = base.where("scim_user.id", "=", value);
    else base = base.where(sql`lower("user".email)`, "=", value.toLowerCase());
  }
  const { total } = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows =
    count === 0
      ? []
      : await base
          .orderBy("scim_user.created_at")
          .orderBy("scim_user.id")
          .limit(count)
          .offset(startIndex - 1)
          .execute();
  return { resources: rows.map((r) => resourceOf(deps.baseUrl, r)), total: Number(total), startIndex };
}

async function joinTeam(deps: ScimDeps, organizationId: string, userId: string, role: string): Promise<void> {
  const member = await deps.db
    .selectFrom("member")
    .select("id")
    .where("organizationId", "=", organizationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (member) return;
  await assertSeatFree(deps.db, deps.config, organizationId);
  await deps.db.insertInto("member").values({ id: randomUUID(), organizationId, userId, role, createdAt: new Date() }).execute();
}

/**
 * Takes the person out of the team and ends every way into the account at once (docs/decisions/100).
 * The admin whose subscription pays for the team is not deprovisioned (`payerStays`): the team would
 * lose its plan.
 */
async function deprovision(deps: ScimDeps, organizationId: string, userId: string): Promise<void> {
  if ((await billingOwnerOf(deps.db, organizationId)) === userId) throw new AppError("payerStays");
  await deps.db.deleteFrom("member").where("organizationId", "=", organizationId).where("userId", "=", userId).execute();
  await endAccess(deps, organizationId, userId);
}

/**
 * POST /Users: an account with a verified address at a domain of the team's single sign-on and the
 * membership with that connection's role (docs/decisions/101). An existing account is taken on only
 * when it is already a member of the team; any other existing account with the address is its
 * owner's (409 `uniqueness`), who joins by single sign-on (confirming the link) or by invitation.
 */
export async function createUser(deps: ScimDeps, caller: ScimCaller, body: unknown): Promise<ScimUserResource> {
  const { db } = deps;
  const state = readUserResource(body);
  const email = (state.email ?? (state.userName.includes("@") ? state.userName : "")).toLowerCase();
  if (!email) throw new ScimError(400, "api:scim.addressRequired", "invalidValue");
  const connection = await connectionFor(db, caller.organizationId, email);
  await assertUserNameFree(db, caller.organizationId, state.userName);
  let userId = await accountWithAddress(db, email);
  const madeAccount = userId === undefined;
  if (userId) {
    const member = await db
      .selectFrom("member")
      .select("id")
      .where("organizationId", "=", caller.organizationId)
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (!member) throw new ScimError(409, "api:scim.accountExists", "uniqueness");
    const linked = await db
      .selectFrom("scim_user")
      .select("id")
      .where("organization_id", "=", caller.organizationId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (linked) throw new ScimError(409, "api:scim.userNameTaken", "uniqueness");
  } else {
    if (state.active) await assertSeatFree(db, deps.config, caller.organizationId);
    const context = await deps.auth.$context;
    const user = await context.internalAdapter.createUser(
      { email, emailVerified: true, ...namesOf(state, email.slice(0, email.indexOf("@"))), locale: "en" },
      { method: "scim" },
    );
    userId = user.id;
  }
  const id = randomUUID();
  try {
    await db
      .insertInto("scim_user")
      .values({
        id,
        organization_id: caller.organizationId,
        user_id: userId,
        user_name: state.userName,
        external_id: state.externalId,
        active: state.active,
        made_account: madeAccount,
      })
      .execute();
  } catch (error) {
    // Two creations of one userName at once: the unique index lets one through.
    await assertUserNameFree(db, caller.organizationId, state.userName);
    throw error;
  }
  if (state.active) await joinTeam(deps, caller.organizationId, userId, connection.default_role);
  await audit(deps, caller, "team.scim.provision", userId, email, { scimId: id, madeAccount, active: state.active });
  return getUser(deps, caller, id);
}

/**
 * Brings the person to the state the directory sends (PUT, and PATCH after its operations): the
 * directory's names for them, and, for an account that is the team's (made by its provisioning, or
 * managed by its enforced connection), the account's name and address. Becoming inactive
 * deprovisions at once; becoming active again restores the membership with the connection's role.
 */
async function saveUser(deps: ScimDeps, caller: ScimCaller, row: Row, next: ScimUserState): Promise<ScimUserResource> {
  const { db } = deps;
  const before = stateOf(row);
  if (next.userName.toLowerCase() !== before.userName.toLowerCase())
    await assertUserNameFree(db, caller.organizationId, next.userName, row.id);
  const teams = row.made_account || (await managingTeam(db, row.user_id))?.id === caller.organizationId;
  if (teams) {
    const email = (next.email ?? row.email).toLowerCase();
    const update: Record<string, unknown> = {};
    if (email !== row.email.toLowerCase()) {
      await connectionFor(db, caller.organizationId, email);
      const owner = await accountWithAddress(db, email);
      if (owner && owner !== row.user_id) throw new ScimError(409, "api:scim.addressTaken", "uniqueness");
      Object.assign(update, { email, emailVerified: true });
    }
    const names = changedNames(before, next, row.name);
    if (names.name !== row.name || names.firstName !== row.firstName || names.lastName !== row.lastName) Object.assign(update, names);
    if (Object.keys(update).length > 0) {
      const context = await deps.auth.$context;
      await context.internalAdapter.updateUser(row.user_id, { ...update, updatedAt: new Date() });
    }
  }
  if (next.active !== row.active) {
    if (next.active) {
      const connection = await connectionFor(db, caller.organizationId, (next.email ?? row.email).toLowerCase());
      await joinTeam(deps, caller.organizationId, row.user_id, connection.default_role);
    } else {
      await deprovision(deps, caller.organizationId, row.user_id);
    }
  }
  await db
    .updateTable("scim_user")
    .set({ user_name: next.userName, external_id: next.externalId, active: next.active, updated_at: new Date() })
    .where("id", "=", row.id)
    .execute();
  if (next.active !== row.active) {
    await audit(deps, caller, next.active ? "team.scim.reactivate" : "team.scim.deactivate", row.user_id, row.email, { scimId: row.id });
  }
  return getUser(deps, caller, row.id);
}

export async function replaceUser(deps: ScimDeps, caller: ScimCaller, id: string, body: unknown): Promise<ScimUserResource> {
  const row = await rowOf(deps.db, caller.organizationId, id);
  return saveUser(deps, caller, row, readUserResource(body));
}

export async function patchUser(deps: ScimDeps, caller: ScimCaller, id: string, body: unknown): Promise<ScimUserResource> {
  const row = await rowOf(deps.db, caller.organizationId, id);
  return saveUser(deps, caller, row, applyUserPatch(stateOf(row), body));
}

/**
 * DELETE /Users/{id} (docs/decisions/100): the person leaves the team and loses every session and
 * token; the link to the directory goes. An account that is the team's (made by its provisioning,
 * or managed by its enforced connection) is erased as a self-deletion would erase it, unless that
 * is refused (the person is the only admin of another team with members, or pays a running
 * subscription): then it stays, without the team.
 */
export async function deleteUser(deps: ScimDeps, caller: ScimCaller, id: string): Promise<void> {
  const { db } = deps;
  const row = await rowOf(db, caller.organizationId, id);
  const teams = row.made_account || (await managingTeam(db, row.user_id))?.id === caller.organizationId;
  await deprovision(deps, caller.organizationId, row.user_id);
  await db.deleteFrom("scim_user").where("id", "=", row.id).execute();
  let erased = false;
  if (teams) {
    erased = await checkErasable(db, row.user_id).then(
      () => true,
      (error) => {
        if (error instanceof AppError) return false;
        throw error;
      },
    );
    if (erased) await eraseUser(deps, row.user_id);
  }
  // An erased account's address is not written again after its erasure.
  await audit(deps, caller, "team.scim.delete", row.user_id, erased ? null : row.email, { scimId: row.id, erased });
}

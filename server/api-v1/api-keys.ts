import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { apiKeyRow } from "../../core/api/api-keys.js";
import { API_KEYS_MAX, type ApiKeyLifetime, type ApiScope, isApiScope, TEAM_KEY_SCOPES } from "../../core/api-scopes.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { type AuditActor, recordAudit } from "../operator/audit-log.js";
import { generateApiKey, hashApiKey, isWellFormedApiKey } from "./key-format.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A key's last use is written at most this often, so a busy key does not write on every request. */
const LAST_USED_PRECISION_MS = 60_000;

export type ApiKeyRow = z.output<typeof apiKeyRow>;

/** Whose keys: a user's personal keys or a team's. */
export type KeyOwner = { kind: "user"; userId: string } | { kind: "team"; organizationId: string };

/** Who acts on a key, for the audit log: the owner, a team admin, or an operator. */
export interface KeyActor extends AuditActor {
  id: string;
  email: string;
  operator?: boolean;
}

/** What a key lets its bearer act as, found by its hash. */
export type KeyPrincipal =
  | { kind: "user"; userId: string; scopes: ApiScope[]; keyId: string }
  | { kind: "team"; organizationId: string; scopes: ApiScope[]; keyId: string };

const scopesOf = (stored: string): ApiScope[] => stored.split(" ").filter(isApiScope);

/** The owner's column and id. */
const ownerColumn = (owner: KeyOwner) =>
  owner.kind === "user"
    ? { column: "user_id" as const, id: owner.userId }
    : { column: "organization_id" as const, id: owner.organizationId };

/** The keys of a user or a team, newest first, with who made each. */
export async function listApiKeys(db: DB, owner: KeyOwner): Promise<ApiKeyRow[]> {
  const rows = await db
    .selectFrom("api_key")
    .leftJoin("user", "user.id", "api_key.created_by")
    .select([
      "api_key.id",
      "api_key.name",
      "api_key.start",
      "api_key.scopes",
      "api_key.created_at",
      "api_key.last_used_at",
      "api_key.expires_at",
      "api_key.created_by",
      "user.name as creatorName",
      "user.email as creatorEmail",
    ])
    .where(`api_key.${ownerColumn(owner).column}`, "=", ownerColumn(owner).id)
    .orderBy("api_key.created_at", "desc")
    .orderBy("api_key.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    start: r.start,
    scopes: scopesOf(r.scopes),
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    createdBy: r.creatorEmail ? { id: r.created_by, name: r.creatorName ?? "", email: r.creatorEmail } : null,
  }));
}

/** Makes a key; the key itself is in the answer only, never stored. The creation is audited with it. */
export async function createApiKey(
  deps: { db: DB; secret: string },
  actor: KeyActor,
  owner: KeyOwner,
  input: { name: string; scopes: ApiScope[]; expiresInDays: ApiKeyLifetime },
  now = new Date(),
): Promise<{ key: string; item: ApiKeyRow }> {
  if (owner.kind === "team" && input.scopes.some((s) => !(TEAM_KEY_SCOPES as readonly string[]).includes(s))) {
    throw new AppError("apiKeyTeamScopes");
  }
  const { key, hash, start } = generateApiKey();
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    // One owner's keys are counted under a lock on the owner's row, so two creations cannot both take the last place.
    if (owner.kind === "user") await trx.selectFrom("user").select("id").where("id", "=", owner.userId).forUpdate().execute();
    else await trx.selectFrom("organization").select("id").where("id", "=", owner.organizationId).forUpdate().execute();
    const { n } = await trx
      .selectFrom("api_key")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(ownerColumn(owner).column, "=", ownerColumn(owner).id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= API_KEYS_MAX) throw new AppError("apiKeyLimit", { params: { max: API_KEYS_MAX } });
    await trx
      .insertInto("api_key")
      .values({
        id,
        name: input.name,
        user_id: owner.kind === "user" ? owner.userId : null,
        organization_id: owner.kind === "team" ? owner.organizationId : null,
        created_by: actor.id,
        scopes: input.scopes.join(" "),
        key_hash: hash,
        start,
        expires_at: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
        created_at: now,
      })
      .execute();
    await recordAudit(trx, deps.secret, actor, {
      action: "api_key.create",
      targetType: owner.kind,
      targetId: owner.kind === "user" ? owner.userId : owner.organizationId,
      targetLabel: input.name,
      outcome: "success",
      details: { keyId: id, start, scopes: input.scopes, expiresInDays: input.expiresInDays },
    });
  });
  const item = (await listApiKeys(deps.db, owner)).find((k) => k.id === id) as ApiKeyRow;
  return { key, item };
}

/** Deletes a key of this owner (else 404); it stops working at once. The revocation is audited. */
export async function revokeApiKey(
  deps: { db: DB; secret: string },
  actor: KeyActor,
  owner: KeyOwner | null,
  keyId: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom("api_key").where("id", "=", keyId);
    if (owner) query = query.where(ownerColumn(owner).column, "=", ownerColumn(owner).id);
    const row = await query.returning(["id", "name", "start", "user_id", "organization_id"]).executeTakeFirst();
    if (!row) throw new AppError("apiKeyNotFound");
    await recordAudit(trx, deps.secret, actor, {
      action: "api_key.revoke",
      targetType: row.user_id ? "user" : "team",
      targetId: row.user_id ?? row.organization_id,
      targetLabel: row.name,
      outcome: "success",
      details: { keyId: row.id, start: row.start, ...(actor.operator ? { byOperator: true } : {}) },
    });
  });
}

/**
 * The principal of a presented key, or null when it is malformed, unknown, expired, or its owner may
 * no longer use it: a banned user's personal key, a team key whose maker left the team. A key of a
 * deleted user or team is gone with it (foreign keys; erasure deletes them).
 */
export async function principalOfApiKey(db: DB, credential: string, now = new Date()): Promise<KeyPrincipal | null> {
  if (!isWellFormedApiKey(credential)) return null;
  const row = await db
    .selectFrom("api_key")
    .innerJoin("user", "user.id", "api_key.created_by")
    .leftJoin("member", (join) =>
      join.onRef("member.organizationId", "=", "api_key.organization_id").onRef("member.userId", "=", "api_key.created_by"),
    )
    .select([
      "api_key.id",
      "api_key.user_id",
      "api_key.organization_id",
      "api_key.scopes",
      "api_key.expires_at",
      "api_key.last_used_at",
      "user.banned",
      "user.banExpires",
      "member.id as memberId",
    ])
    .where("api_key.key_hash", "=", hashApiKey(credential))
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at && new Date(row.expires_at) <= now) return null;
  if (row.banned && (!row.banExpires || new Date(row.banExpires) > now)) return null;
  if (row.organization_id && !row.memberId) return null;
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > LAST_USED_PRECISION_MS) {
    await db.updateTable("api_key").set({ last_used_at: now }).where("id", "=", row.id).execute();
  }
  const scopes = scopesOf(row.scopes);
  return row.organization_id
    ? { kind: "team", organizationId: row.organization_id, scopes, keyId: row.id }
    : { kind: "user", userId: row.user_id as string, scopes, keyId: row.id };
}

import { randomUUID } from "node:crypto";
import { SCIM_TOKEN_PREFIX, SCIM_TOKENS_MAX } from "../../../core/api/sso.js";
import type { ScimTokenRow } from "../../../core/api.js";
import { generateBearerSecret, hasBearerSecretShape, hashApiKey } from "../../api-v1/key-format.js";
import type { DB } from "../../db/database.js";
import { AppError } from "../../errors.js";
import { recordAudit } from "../../operator/audit-log.js";
import { type AdminChange, teamIsPro } from "../connections.js";

/** A token's last use is written at most this often, so a directory's burst of requests does not write on each. */
const LAST_USED_PRECISION_MS = 60_000;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The team's provisioning tokens, newest first. */
export async function listScimTokens(db: DB, organizationId: string): Promise<ScimTokenRow[]> {
  const rows = await db
    .selectFrom("scim_token")
    .select(["id", "start", "created_at", "last_used_at"])
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, start: r.start, createdAt: iso(r.created_at) as string, lastUsedAt: iso(r.last_used_at) }));
}

/**
 * Makes a provisioning token for a Pro team, made and stored as API keys are (docs/decisions/094,
 * 101): the token is in the answer only; its hash and first characters are kept. Audited.
 */
export async function createScimToken(
  deps: { db: DB; secret: string },
  change: AdminChange,
): Promise<{ token: string; item: ScimTokenRow }> {
  if (!(await teamIsPro(deps.db, change.organizationId))) throw new AppError("ssoProOnly");
  const { key, hash, start } = generateBearerSecret(SCIM_TOKEN_PREFIX);
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    // Counted under a lock on the team's row, so two creations cannot both take the last place.
    await trx.selectFrom("organization").select("id").where("id", "=", change.organizationId).forUpdate().execute();
    const { n } = await trx
      .selectFrom("scim_token")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("organization_id", "=", change.organizationId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= SCIM_TOKENS_MAX) throw new AppError("scimTokenLimit", { params: { max: SCIM_TOKENS_MAX } });
    await trx.insertInto("scim_token").values({ id, organization_id: change.organizationId, token_hash: hash, start }).execute();
    await recordAudit(trx, deps.secret, change.actor, {
      action: "team.scim_token.create",
      targetType: "team",
      targetId: change.organizationId,
      outcome: "success",
      details: { tokenId: id, start },
    });
  });
  const item = (await listScimTokens(deps.db, change.organizationId)).find((t) => t.id === id) as ScimTokenRow;
  return { token: key, item };
}

/** Deletes one of the team's tokens (else 404): the directory's next request with it is refused. Audited. */
export async function revokeScimToken(deps: { db: DB; secret: string }, change: AdminChange, tokenId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("scim_token")
      .where("id", "=", tokenId)
      .where("organization_id", "=", change.organizationId)
      .returning(["id", "start"])
      .executeTakeFirst();
    if (!row) throw new AppError("scimTokenNotFound");
    await recordAudit(trx, deps.secret, change.actor, {
      action: "team.scim_token.revoke",
      targetType: "team",
      targetId: change.organizationId,
      outcome: "success",
      details: { tokenId: row.id, start: row.start },
    });
  });
}

/** The team a presented token provisions, or null when it is malformed, unknown or revoked. Notes its use. */
export async function teamOfScimToken(
  db: DB,
  credential: string,
  now = new Date(),
): Promise<{ organizationId: string; tokenId: string; start: string } | null> {
  if (!hasBearerSecretShape(SCIM_TOKEN_PREFIX, credential)) return null;
  const row = await db
    .selectFrom("scim_token")
    .select(["id", "organization_id", "start", "last_used_at"])
    .where("token_hash", "=", hashApiKey(credential))
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > LAST_USED_PRECISION_MS) {
    await db.updateTable("scim_token").set({ last_used_at: now }).where("id", "=", row.id).execute();
  }
  return { organizationId: row.organization_id, tokenId: row.id, start: row.start };
}

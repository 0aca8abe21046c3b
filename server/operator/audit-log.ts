import { type AuditAction, type AuditEntry, OPERATOR_PAGE_SIZE, type Paged } from "../../core/operator.js";
import { USER_VISIBLE_OPERATOR_ACTIONS, type UserVisibleOperatorAction } from "../../core/security-log.js";
import { recordSecurityEvent } from "../account/security-log.js";
import { hashAddress } from "../contact/submit-contact.js";
import type { DB } from "../db/database.js";

/** Who acted: an operator's session, or the command line (no id, no address). */
export interface AuditActor {
  id: string | null;
  email: string | null;
  /** The client address, hashed before it is stored; absent for the command line. */
  clientIp?: string;
}

export interface AuditRecord {
  action: AuditAction;
  targetType: "user" | "team" | "contact" | "app";
  targetId: string | null;
  targetLabel?: string | null;
  outcome: "success" | "failure";
  details?: Record<string, unknown>;
}

/** Appends one entry; nothing in the product changes or deletes entries. */
export async function recordAudit(db: DB, secret: string, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      targetLabel: record.targetLabel ?? null,
      ipHash: actor.clientIp ? hashAddress(actor.clientIp, secret) : null,
      outcome: record.outcome,
      details: record.details ? JSON.stringify(record.details) : null,
    })
    .execute();
}

/** What an operator's change needs to be recorded: the database and the key of the address hashes. */
export interface AuditDeps {
  db: DB;
  secret: string;
}

/** Writes the entries of a successful change: the audit entry, and on an account its owner's security log. */
async function recordSuccess(db: DB, secret: string, actor: AuditActor, record: Omit<AuditRecord, "outcome">) {
  await recordAudit(db, secret, actor, { ...record, outcome: "success" });
  const action = record.action as UserVisibleOperatorAction;
  if (record.targetType === "user" && record.targetId && USER_VISIBLE_OPERATOR_ACTIONS.includes(action)) {
    await recordSecurityEvent(db, secret, { userId: record.targetId, type: "operator_action", actor: "operator", subject: action });
  }
}

/**
 * Runs an operator's change with its audit entry (docs/decisions/087). A change in our own tables
 * gets `trx`, and its entry commits in the same transaction, so neither exists without the other.
 * A change made through the identity library (sessions, bans, impersonation) runs on the library's
 * own connection, which a transaction here would block on the embedded database: it is given
 * `viaLibrary`, runs first, and its entry follows. A refused or failed change is recorded as a
 * failure after its rollback, and its error passed on.
 */
export async function operatorChange<T>(
  deps: AuditDeps,
  actor: AuditActor,
  record: Omit<AuditRecord, "outcome">,
  change: (trx: DB) => Promise<T>,
  opts: { viaLibrary?: boolean } = {},
): Promise<T> {
  try {
    if (opts.viaLibrary) {
      const result = await change(deps.db);
      await deps.db.transaction().execute((trx) => recordSuccess(trx, deps.secret, actor, record));
      return result;
    }
    return await deps.db.transaction().execute(async (trx) => {
      const result = await change(trx);
      await recordSuccess(trx, deps.secret, actor, record);
      return result;
    });
  } catch (error) {
    await recordAudit(deps.db, deps.secret, actor, {
      ...record,
      outcome: "failure",
      details: { ...record.details, error: (error as Error).message },
    });
    throw error;
  }
}

/** The newest entries first, optionally those about one target. */
export async function listAudit(db: DB, opts: { page: number; targetId?: string }): Promise<Paged<AuditEntry>> {
  let query = db.selectFrom("audit_log");
  if (opts.targetId) query = query.where("targetId", "=", opts.targetId);
  const { total } = (await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst()) ?? { total: 0 };
  const rows = await query
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(OPERATOR_PAGE_SIZE)
    .offset((opts.page - 1) * OPERATOR_PAGE_SIZE)
    .execute();
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      actorEmail: r.actorEmail,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      outcome: r.outcome === "success" ? "success" : "failure",
      details: (r.details as Record<string, unknown> | null) ?? null,
    })),
    total: Number(total),
    page: opts.page,
    pageSize: OPERATOR_PAGE_SIZE,
  };
}

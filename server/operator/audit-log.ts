import { type AuditAction, type AuditEntry, OPERATOR_PAGE_SIZE, type Paged } from "../../core/operator.js";
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
  targetType: "user" | "team" | "contact";
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

/**
 * Runs an operator action and records it with its outcome: a refused or failed action is
 * recorded as a failure and its error passed on.
 */
export async function audited<T>(
  deps: { db: DB; secret: string },
  actor: AuditActor,
  record: Omit<AuditRecord, "outcome">,
  action: () => Promise<T>,
): Promise<T> {
  try {
    const result = await action();
    await recordAudit(deps.db, deps.secret, actor, { ...record, outcome: "success" });
    return result;
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

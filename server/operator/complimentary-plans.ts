import { endComplimentary, grantComplimentary } from "../billing/complimentary.js";
import { AppError } from "../errors.js";
import { type AuditActor, type AuditDeps, operatorChange } from "./audit-log.js";
import { userLabel, userRecord } from "./users.js";

/**
 * An operator grants a complimentary pro plan (docs/decisions/081): the plan, the user's billing
 * fields and the audit entry commit together.
 */
export async function grantComplimentaryPlan(deps: AuditDeps, actor: AuditActor, userId: string, endsAt: Date | null): Promise<void> {
  const label = await userLabel(deps.db, userId);
  const record = {
    action: "user.complimentary.grant" as const,
    targetType: "user" as const,
    targetId: userId,
    targetLabel: label,
    details: { endsAt: endsAt?.toISOString() ?? null },
  };
  await operatorChange(deps, actor, record, async (trx) => {
    if (!label || label.endsWith("@deleted.invalid")) throw new AppError("notFound");
    if (endsAt && endsAt.getTime() <= Date.now()) throw new AppError("invalidComplimentary");
    await grantComplimentary(trx, userId, endsAt);
  });
}

/** An operator ends the user's running complimentary plan now. */
export async function endComplimentaryPlan(deps: AuditDeps, actor: AuditActor, userId: string): Promise<void> {
  const record = await userRecord(deps.db, "user.complimentary.end" as const, userId);
  await operatorChange(deps, actor, record, async (trx) => {
    await endComplimentary(trx, userId);
  });
}

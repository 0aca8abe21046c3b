import { isOperator } from "../../core/operator.js";
import { requestDataExport } from "../account/data-export.js";
import { checkErasable } from "../account/delete-account.js";
import { eraseUser } from "../account/erase-user.js";
import { AppError } from "../errors.js";
import { type AuditActor, operatorChange } from "./audit-log.js";
import { type UserActionDeps, userRecord } from "./users.js";

async function target(db: UserActionDeps["db"], userId: string) {
  const user = await db
    .selectFrom("user")
    .select(["id", "email", "role", "emailVerified", "locale"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user || user.email.endsWith("@deleted.invalid")) throw new AppError("notFound");
  return user;
}

/** Sends an unverified user a new verification code: the same mail, through the same route, as at sign-up. */
export async function resendVerification(deps: UserActionDeps, actor: AuditActor, userId: string): Promise<void> {
  const record = await userRecord(deps.db, "user.verification.resend" as const, userId);
  await operatorChange(
    deps,
    actor,
    record,
    async () => {
      const user = await target(deps.db, userId);
      if (user.emailVerified) throw new AppError("alreadyVerified");
      await deps.auth.api.sendVerificationOTP({ body: { email: user.email, type: "email-verification" } });
    },
    { viaLibrary: true },
  );
}

/**
 * Erases a user from the console with the same rules as self-service deletion (`checkErasable`,
 * then `eraseUser`). The operator types the user's e-mail address to confirm; operators cannot
 * be deleted (take the role away first). The entry names the user by id only: the address is
 * erased with the rest.
 */
export async function deleteUser(deps: UserActionDeps, actor: AuditActor, userId: string, confirmation: string): Promise<void> {
  await operatorChange(
    deps,
    actor,
    { action: "user.delete", targetType: "user", targetId: userId },
    async () => {
      const user = await target(deps.db, userId);
      if (confirmation.trim().toLowerCase() !== user.email.toLowerCase()) throw new AppError("deleteUserConfirmation");
      if (isOperator(user)) throw new AppError("operatorNotDeletable");
      await checkErasable(deps.db, userId);
      await eraseUser(deps, userId);
    },
    { viaLibrary: true },
  );
}

/**
 * The user's right of access exercised for them (e.g. asked for by letter): prepared like the
 * user's own request, and the link goes to the user's own address.
 */
export async function requestExportFor(deps: UserActionDeps, actor: AuditActor, userId: string): Promise<void> {
  const record = await userRecord(deps.db, "user.export" as const, userId);
  await operatorChange(deps, actor, record, async (trx) => {
    const user = await trx.selectFrom("user").select(["id", "locale"]).where("id", "=", userId).executeTakeFirst();
    if (!user) throw new AppError("notFound");
    await requestDataExport(trx, { userId, language: user.locale ?? "en", requestedBy: actor.id });
  });
}

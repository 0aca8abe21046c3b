import { isOperator } from "../../core/operator.js";
import { AppError } from "../errors.js";
import { type AuditActor, operatorChange } from "./audit-log.js";
import { type UserActionDeps, userLabel, userRecord } from "./users.js";

/** An impersonation session ends an hour after it starts, whatever happens meanwhile. */
export const IMPERSONATION_SECONDS = 60 * 60;

/**
 * Opens a session for the user on behalf of an operator (docs/decisions/080). It is created here,
 * not through the identity library's route, so none of the library's after-hooks see it: the
 * multi-session hook would add it to the browser's account list and delete the user's own session
 * there. Operators and banned users cannot be impersonated.
 */
export async function startImpersonation(deps: UserActionDeps, actor: AuditActor & { id: string }, userId: string) {
  const record = await userRecord(deps.db, "user.impersonate" as const, userId);
  return operatorChange(
    deps,
    actor,
    record,
    async () => {
      const user = await deps.db.selectFrom("user").select(["id", "email", "role", "banned"]).where("id", "=", userId).executeTakeFirst();
      if (!user) throw new AppError("notFound");
      if (user.id === actor.id || isOperator(user)) throw new AppError("operatorNotImpersonable");
      if (user.banned) throw new AppError("bannedNotImpersonable");
      const context = await deps.auth.$context;
      const session = await context.internalAdapter.createSession(
        userId,
        true,
        { impersonatedBy: actor.id, expiresAt: new Date(Date.now() + IMPERSONATION_SECONDS * 1000) },
        true,
      );
      if (!session) throw new AppError("internal");
      return { token: session.token, user };
    },
    { viaLibrary: true },
  );
}

/**
 * Ends an impersonation session and answers the operator's own session to return to, when it is
 * still open and belongs to the operator who started the impersonation (null otherwise).
 */
export async function stopImpersonation(
  deps: UserActionDeps,
  impersonation: { token: string; impersonatedBy: string; user: { id: string; email: string }; clientIp: string },
  operatorToken: string | null,
) {
  const actor = {
    id: impersonation.impersonatedBy,
    email: await userLabel(deps.db, impersonation.impersonatedBy),
    clientIp: impersonation.clientIp,
  };
  const { user } = impersonation;
  const record = { action: "user.impersonate.stop" as const, targetType: "user" as const, targetId: user.id, targetLabel: user.email };
  return operatorChange(
    deps,
    actor,
    record,
    async () => {
      const context = await deps.auth.$context;
      await context.internalAdapter.deleteSession(impersonation.token);
      if (!operatorToken) return null;
      const own = await context.internalAdapter.findSession(operatorToken);
      const open = own && own.session.userId === impersonation.impersonatedBy && own.session.expiresAt > new Date();
      return open ? own.session : null;
    },
    { viaLibrary: true },
  );
}

import type { MiddlewareHandler } from "hono";
import { isOperator } from "../../core/operator.js";
import type { SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";

/**
 * After `requireSession`: the signed-in user must be an operator now (403 otherwise). The role is read from the database, not from the session, whose copy in
 * the session store would keep a revoked role until it is renewed; an impersonated session is
 * never an operator's, whoever opened it.
 */
export function requireOperator(deps: { db: DB }): MiddlewareHandler<SessionEnv> {
  const operatorOnly: MiddlewareHandler<SessionEnv> = async (c, next) => {
    const { session } = c.var;
    const user = await deps.db.selectFrom("user").select("role").where("id", "=", session.user.id).executeTakeFirst();
    if (!isOperator(user) || (session.session as { impersonatedBy?: string | null }).impersonatedBy) throw new AppError("operatorOnly");
    await next();
  };
  return operatorOnly;
}

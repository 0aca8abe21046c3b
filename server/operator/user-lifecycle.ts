import { isOperator } from "../../core/operator.js";
import { checkErasable } from "../account/delete-account.js";
import { eraseUser } from "../account/erase-user.js";
import type { Auth } from "../auth/auth.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";

async function target(db: DB, userId: string) {
  const user = await db.selectFrom("user").select(["id", "email", "role", "emailVerified"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.email.endsWith("@deleted.invalid")) throw new AppError("notFound");
  return user;
}

/** Sends an unverified user a new verification code: the same mail, through the same route, as at sign-up. */
export async function resendVerification(deps: { auth: Auth; db: DB }, userId: string) {
  const user = await target(deps.db, userId);
  if (user.emailVerified) throw new AppError("alreadyVerified");
  await deps.auth.api.sendVerificationOTP({ body: { email: user.email, type: "email-verification" } });
}

/**
 * Erases a user from the console with the same rules as self-service deletion (`checkErasable`,
 * then `eraseUser`). The operator types the user's e-mail address to confirm; operators cannot
 * be deleted (take the role away first).
 */
export async function deleteUser(deps: { auth: Auth; db: DB }, userId: string, confirmation: string) {
  const user = await target(deps.db, userId);
  if (confirmation.trim().toLowerCase() !== user.email.toLowerCase()) throw new AppError("deleteUserConfirmation");
  if (isOperator(user)) throw new AppError("operatorNotDeletable");
  await checkErasable(deps.db, userId);
  await eraseUser(deps, userId);
}

import { sql } from "kysely";
import type { SignUpMode } from "../../core/sign-up-mode.js";
import type { DB } from "../db/database.js";
import { type EmailRules, listed, normalizeEmail } from "./email-rules.js";

/** The refusal of a sign-up the mode does not let in: the restricted-access or the waitlist screen. */
export type SignUpRefusal = "signUpRestricted" | "signUpWaitlist";

/**
 * Whether an address may create an account under the operator's sign-up mode (docs/decisions/128).
 * Public lets everyone in; otherwise an address gets in when the allowlist names it or its domain,
 * when a team has a pending invitation for it (team invitations always work), or when the operator
 * let it in from the waitlist.
 */
export function signUpAccess(deps: { db: DB; mode: SignUpMode; rules: EmailRules }) {
  return async (email: string): Promise<SignUpRefusal | null> => {
    if (deps.mode === "public") return null;
    const address = email.trim().toLowerCase();
    if (listed(deps.rules.allowlist, address)) return null;
    const invitation = await deps.db
      .selectFrom("invitation")
      .select("id")
      .where(sql<string>`lower(email)`, "=", address)
      .where("status", "=", "pending")
      .where("expiresAt", ">", new Date())
      .executeTakeFirst();
    if (invitation) return null;
    const letIn = await deps.db
      .selectFrom("waitlist")
      .select("id")
      .where("normalized_email", "=", normalizeEmail(address))
      .where("status", "=", "invited")
      .executeTakeFirst();
    if (letIn) return null;
    return deps.mode === "restricted" ? "signUpRestricted" : "signUpWaitlist";
  };
}

export type SignUpAccess = ReturnType<typeof signUpAccess>;

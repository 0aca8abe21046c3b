import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";

/**
 * The last-identifier rule (docs/decisions/076): an account keeps at least one way to sign in.
 * Every removal of an identifier (a further e-mail address, a phone number, a passkey, a connected
 * account, a wallet) asks `ensureNotLastIdentifier` first.
 */
export type IdentifierKind = "email" | "phone" | "passkey" | "connected-account" | "wallet";

export interface Identifier {
  kind: IdentifierKind;
  id: string;
}

export interface IdentifierRules {
  /**
   * Whether a verified address signs in without a password (sign-in by e-mailed code or link).
   * Until then an address is a way in only together with the account's password.
   */
  emailSignInWithoutPassword?: boolean;
  /** Whether a verified phone number signs in by a texted code (`SIGN_IN_PHONE`). */
  phoneSignIn?: boolean;
}

/** The rules as this deployment's sign-in methods make them. */
export function identifierRulesOf(config: Pick<Config, "SIGN_IN_EMAIL_CODE" | "SIGN_IN_EMAIL_LINK" | "SIGN_IN_PHONE">): IdentifierRules {
  return { emailSignInWithoutPassword: config.SIGN_IN_EMAIL_CODE || config.SIGN_IN_EMAIL_LINK, phoneSignIn: config.SIGN_IN_PHONE };
}

/** Verified addresses: the primary one (id "primary") and verified further ones. */
async function emailIdentifiers(db: DB, userId: string, rules: IdentifierRules): Promise<Identifier[]> {
  if (!rules.emailSignInWithoutPassword) {
    const password = await db
      .selectFrom("account")
      .select("id")
      .where("userId", "=", userId)
      .where("providerId", "=", "credential")
      .where("password", "is not", null)
      .executeTakeFirst();
    if (!password) return [];
  }
  const primary = await db.selectFrom("user").select("emailVerified").where("id", "=", userId).executeTakeFirst();
  const further = await db.selectFrom("user_email").select("id").where("userId", "=", userId).where("verifiedAt", "is not", null).execute();
  return [
    ...(primary?.emailVerified ? [{ kind: "email" as const, id: "primary" }] : []),
    ...further.map((r) => ({ kind: "email" as const, id: r.id })),
  ];
}

/** Verified phone numbers, when they sign in by a texted code. */
async function phoneIdentifiers(db: DB, userId: string, rules: IdentifierRules): Promise<Identifier[]> {
  if (!rules.phoneSignIn) return [];
  const rows = await db.selectFrom("phone_number").select("id").where("user_id", "=", userId).where("verified", "=", true).execute();
  return rows.map((r) => ({ kind: "phone", id: r.id }));
}

async function passkeyIdentifiers(db: DB, userId: string): Promise<Identifier[]> {
  const rows = await db.selectFrom("passkey").select("id").where("userId", "=", userId).execute();
  return rows.map((r) => ({ kind: "passkey", id: r.id }));
}

/** Accounts at other providers (Google) that sign in, by the id of their row, as unlinking names them. */
async function connectedAccountIdentifiers(db: DB, userId: string): Promise<Identifier[]> {
  const rows = await db.selectFrom("account").select("id").where("userId", "=", userId).where("providerId", "!=", "credential").execute();
  return rows.map((r) => ({ kind: "connected-account", id: r.id }));
}

async function walletIdentifiers(db: DB, userId: string): Promise<Identifier[]> {
  const rows = await db.selectFrom("web3_wallet").select("id").where("userId", "=", userId).execute();
  return rows.map((r) => ({ kind: "wallet", id: r.id }));
}

/** Every identifier with which the account can still sign in. */
export async function signInIdentifiers(db: DB, userId: string, rules: IdentifierRules = {}): Promise<Identifier[]> {
  const lists = await Promise.all([
    emailIdentifiers(db, userId, rules),
    phoneIdentifiers(db, userId, rules),
    passkeyIdentifiers(db, userId),
    connectedAccountIdentifiers(db, userId),
    walletIdentifiers(db, userId),
  ]);
  return lists.flat();
}

/**
 * Refuses with `identification_deletion_failed` the removal of the account's last identifier that
 * signs in. Removing something that is no way in (an address still waiting for its code) is never
 * refused.
 */
export async function ensureNotLastIdentifier(db: DB, userId: string, removing: Identifier, rules: IdentifierRules = {}): Promise<void> {
  const all = await signInIdentifiers(db, userId, rules);
  const same = (i: Identifier) => i.kind === removing.kind && i.id === removing.id;
  if (all.some(same) && !all.some((i) => !same(i))) throw new AppError("identificationDeletionFailed");
}

import type { Auth } from "../auth/auth.js";
import { COMPLIMENTARY_PROVIDER } from "../billing/complimentary.js";
import { viewAndSync } from "../billing/subscription-store.js";
import { isActive } from "../billing/subscription-view.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { eraseUser } from "./erase-user.js";
import { queueGoodbyeMail } from "./goodbye-mail.js";

/** The phrase a person types to confirm, per language (also shown by the screen). */
export const DELETE_CONFIRMATION = { en: "Delete account", de: "Konto löschen" } as const;

/** Teams the user is the only admin of while others are members: deleting would leave them without one. */
export async function teamsLeftWithoutAdmin(db: DB, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("member as mine")
    .innerJoin("organization", "organization.id", "mine.organizationId")
    .select(["organization.name", "mine.organizationId"])
    .where("mine.userId", "=", userId)
    .where("mine.role", "=", "admin")
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom("member as other")
              .select("other.id")
              .whereRef("other.organizationId", "=", "mine.organizationId")
              .where("other.userId", "!=", userId)
              .where("other.role", "=", "admin"),
          ),
        ),
        eb.exists(
          eb
            .selectFrom("member as other")
            .select("other.id")
            .whereRef("other.organizationId", "=", "mine.organizationId")
            .where("other.userId", "!=", userId),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.name);
}

/**
 * Refuses to erase an account while a team would be left without an admin or a paid subscription
 * is still running (it must be cancelled first). A complimentary plan charges nothing and goes with the account.
 */
export async function checkErasable(db: DB, userId: string, now = new Date()): Promise<void> {
  const teams = await teamsLeftWithoutAdmin(db, userId);
  if (teams.length > 0) throw new AppError("deleteSoleAdmin", { params: { teams: teams.join(", ") } });
  await viewAndSync(db, userId, now);
  const paid = await db
    .selectFrom("billing_subscription")
    .select(["status", "trial_end", "current_period_end", "cancel_at_period_end"])
    .where("user_id", "=", userId)
    .where("provider", "!=", COMPLIMENTARY_PROVIDER)
    .execute();
  const running = paid.some(
    (s) =>
      !s.cancel_at_period_end &&
      isActive({ status: s.status, trialEnd: s.trial_end, currentPeriodEnd: s.current_period_end, cancelAtPeriodEnd: false }, now),
  );
  if (running) throw new AppError("deleteSubscription");
}

/** Where the goodbye mail goes out from, and the outbox to wake for it. */
export interface GoodbyeDeps {
  baseUrl: string;
  mailDomain: string;
  wake?: () => void;
}

/**
 * Deletes the signed-in person's account after the typed confirmation, unless `checkErasable`
 * refuses, and says goodbye by mail in the account's language (the page's when it has none).
 */
export async function deleteAccount(
  deps: { db: DB; auth: Auth; goodbye: GoodbyeDeps },
  userId: string,
  confirmation: string,
  pageLang: string,
): Promise<void> {
  if (!Object.values(DELETE_CONFIRMATION).includes(confirmation.trim() as never)) throw new AppError("deleteConfirmation");
  await checkErasable(deps.db, userId);
  const account = await deps.db.selectFrom("user").select(["email", "locale"]).where("id", "=", userId).executeTakeFirstOrThrow();
  await eraseUser(deps, userId);
  const lang = account.locale === "de" || account.locale === "en" ? account.locale : pageLang;
  await queueGoodbyeMail(deps.db, { userId, to: account.email, lang, baseUrl: deps.goodbye.baseUrl, mailDomain: deps.goodbye.mailDomain });
  deps.goodbye.wake?.();
}

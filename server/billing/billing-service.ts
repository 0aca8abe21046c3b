import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { PaymentProvider } from "../payments/provider.js";
import { customerOf, linkCustomer, viewAndSync } from "./subscription-store.js";

export interface BillingDeps {
  db: DB;
  provider: PaymentProvider;
  baseUrl: string;
}

async function ensureCustomer(deps: BillingDeps, user: { id: string; email: string; name: string }) {
  const { db, provider } = deps;
  const existing = await customerOf(db, provider.kind, user.id);
  if (existing) return existing;
  const created = await provider.createCustomer({ userId: user.id, email: user.email, name: user.name });
  await linkCustomer(db, provider.kind, user.id, created);
  // A concurrent request may have linked another customer first; use the stored one.
  return (await customerOf(db, provider.kind, user.id)) ?? created;
}

/**
 * Starts a pro checkout for the signed-in user, as the subscription view offers it: refused while a
 * subscription runs or is in its trial, whatever the request asks (docs/decisions/145); the trial
 * once per user, so whoever had a subscription before checks out without one.
 */
export async function startCheckout(
  deps: BillingDeps,
  input: { user: { id: string; email: string; name: string }; trial: boolean; teamName: string | null; lang: string },
) {
  const { db, provider, baseUrl } = deps;
  const { checkoutOffer } = await viewAndSync(db, input.user.id);
  if (!checkoutOffer) throw new AppError("subscriptionRunning");
  const trial = input.trial && checkoutOffer === "trial";
  const customerId = await ensureCustomer(deps, input.user);
  return provider.createCheckoutSession({
    userId: input.user.id,
    customerId,
    trial,
    teamName: input.teamName,
    lang: input.lang,
    successUrl: `${baseUrl}/${input.lang}/dashboard?checkout=success`,
    cancelUrl: `${baseUrl}/${input.lang}/dashboard`,
  });
}

/** Opens the user's billing portal (a team's goes through `openTeamPortal` in teams/team-billing.ts). */
export async function openPortal(deps: BillingDeps, input: { userId: string; lang: string }) {
  const { db, provider, baseUrl } = deps;
  const customerId = await customerOf(db, provider.kind, input.userId);
  if (!customerId) throw new AppError("noBillingAccount");
  return provider.createPortalSession({ customerId, returnUrl: `${baseUrl}/${input.lang}/dashboard`, lang: input.lang });
}

/** Only pro users with an active subscription create teams. */
export async function canCreateTeams(db: DB, userId: string): Promise<boolean> {
  return (await viewAndSync(db, userId)).isPro;
}

/** Refuses team creation to anyone but a pro user with an active subscription. */
export async function assertCanCreateTeams(db: DB, userId: string): Promise<void> {
  if (!(await canCreateTeams(db, userId))) throw new AppError("teamsProOnly");
}

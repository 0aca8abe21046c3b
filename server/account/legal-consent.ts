import { LEGAL_VERSION } from "../../core/legal.js";
import type { Auth } from "../auth/auth.js";

/**
 * Records that the account agrees to the current terms and privacy policy. Written through the
 * identity library so the sessions it keeps in the shared cache show the new state at once.
 */
export async function recordLegalConsent(auth: Auth, userId: string): Promise<string> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.updateUser(userId, { legalConsentAt: new Date(), legalConsentVersion: LEGAL_VERSION });
  return LEGAL_VERSION;
}

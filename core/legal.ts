/**
 * The version of the terms and the privacy policy a person agrees to: the month they took effect.
 * A new version here asks every account to agree again at its next sign-in.
 */
export const LEGAL_VERSION = "2025-05";

/** Whether an account still has to agree to the current terms and privacy policy. */
export function needsLegalConsent(user: { legalConsentVersion?: string | null }): boolean {
  return user.legalConsentVersion !== LEGAL_VERSION;
}

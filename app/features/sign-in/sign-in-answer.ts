import type { SignInAnswer } from "../../../core/api";

/** What a finished first factor leads to: the second step of an account with two-step verification, or a session. */
export type FirstFactorDone = (answer: SignInAnswer | null | undefined) => void;

/** The second step's methods, when the answer asks for it (the twoFactor plugin's answer shape). */
export function secondStepOf(answer: unknown): string[] | null {
  const challenge = answer as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null | undefined;
  return challenge?.twoFactorRedirect ? (challenge.twoFactorMethods ?? []) : null;
}

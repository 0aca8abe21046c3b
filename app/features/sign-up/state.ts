import type { PlanType } from "../../../core/plans";

/** What the wizard collects; the team name is cleared when individual is chosen. */
export interface SignUpForm {
  fullName: string;
  email: string;
  password: string;
  planType: PlanType;
  teamName: string;
}

export const EMPTY_FORM: SignUpForm = { fullName: "", email: "", password: "", planType: "individual", teamName: "" };

export const TOTAL_STEPS = 6;
export type Step = 1 | 2 | 3 | 4 | 5 | 6;

/** Where a signed-in user opening the wizard belongs. */
export function stepForSignedInUser(user: { planType?: string | null; teamName?: string | null }): Step | "dashboard" {
  if (user.planType === "pro") return user.teamName ? 6 : 1;
  return "dashboard";
}

/** Navigation state the sign-in page passes for an account whose e-mail still needs its code. */
export interface VerifyEmailState {
  verifyEmail: string;
}

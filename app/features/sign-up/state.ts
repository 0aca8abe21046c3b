import { isPlanType, type PlanType } from "../../../core/plans";

/** What the wizard collects; the team name is cleared when individual is chosen. */
export interface SignUpForm {
  fullName: string;
  email: string;
  password: string;
  planType: PlanType;
  teamName: string;
  /** The box agreeing to the terms and privacy policy on the first step (required). */
  legalConsent: boolean;
}

export const EMPTY_FORM: SignUpForm = { fullName: "", email: "", password: "", planType: "individual", teamName: "", legalConsent: false };

export const TOTAL_STEPS = 6;
export type Step = 1 | 2 | 3 | 4 | 5 | 6;

const isStep = (value: unknown): value is Step =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= TOTAL_STEPS;

/** Where a signed-in user opening the wizard belongs. */
export function stepForSignedInUser(user: { planType?: string | null; teamName?: string | null }): Step | "dashboard" {
  if (user.planType === "pro") return user.teamName ? 6 : 1;
  return "dashboard";
}

/** Navigation state the sign-in page passes for an account whose e-mail still needs its code. */
export interface VerifyEmailState {
  verifyEmail: string;
}

/**
 * Each step is a browser history entry carrying this state: the step shown, and the step whose
 * entry lies just before it (so the page's Back can be the browser's Back).
 */
export interface StepEntry {
  step: Step;
  prev?: Step;
}

export function stepEntry(state: unknown): StepEntry | null {
  const entry = state as Partial<StepEntry> | null;
  if (!entry || !isStep(entry.step)) return null;
  return { step: entry.step, prev: isStep(entry.prev) ? entry.prev : undefined };
}

/** The step a page Back button leads to: one step back (from payment, to the verification). */
export function previousStep(step: Step): Step {
  return Math.max(1, step - 1) as Step;
}

/**
 * The step that can be shown for a history entry with what is known: a step whose earlier answers
 * are missing (storage cleared, an entry from another tab) falls back to the first one lacking.
 * `signedIn` is undefined while the session is still being read.
 */
export function reachableStep(step: Step, form: SignUpForm, signedIn: boolean | undefined): Step {
  if (signedIn) return step;
  // From the code on, only the address matters: sign-in sends an unverified account straight there.
  if (step >= 5 && form.email.trim()) return step === 6 && signedIn === false ? 5 : step;
  const before = Math.min(step, 4) as Step;
  if (before >= 2 && (!form.legalConsent || (form.planType === "pro" && !form.teamName.trim()))) return 1;
  if (before === 4 && !form.fullName.trim()) return 3;
  return before;
}

const STORAGE_KEY = "signUpWizard";

/** What survives a reload: everything entered except the password, which is never stored. */
export function saveForm(form: SignUpForm): void {
  const { password: _never, ...kept } = form;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage may be full or refused (private modes): a reload then starts empty.
  }
}

export function loadForm(): SignUpForm | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Partial<Record<keyof SignUpForm, unknown>> | null;
    if (!saved || typeof saved !== "object") return null;
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    return {
      fullName: text(saved.fullName),
      email: text(saved.email),
      password: "",
      planType: isPlanType(saved.planType) ? saved.planType : "individual",
      teamName: text(saved.teamName),
      legalConsent: saved.legalConsent === true,
    };
  } catch {
    return null;
  }
}

export function clearSavedForm(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear where storage is refused.
  }
}

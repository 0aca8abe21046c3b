/**
 * The rule for a new password, shared by the browser (checked as the person types) and the server
 * (checked on every path that sets one). The breach checks need the server and live there.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt-style hashes ignore what follows 72 bytes, so a longer password is refused, not cut. */
export const PASSWORD_MAX_BYTES = 72;

/** The refusals of the rule, as error codes the `auth` catalog translates. */
export type PasswordProblem = "form_password_length_too_short" | "form_password_size_in_bytes_exceeded" | "form_password_not_strong_enough";

export interface PasswordPolicy {
  /** Also require a lowercase and an uppercase letter, a digit and a special character. */
  complexity: boolean;
}

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** What the password lacks for the complexity rule (empty when it has all four). */
export function missingCharacterKinds(password: string): ("lowercase" | "uppercase" | "number" | "special")[] {
  const missing: ("lowercase" | "uppercase" | "number" | "special")[] = [];
  if (!/\p{Ll}/u.test(password)) missing.push("lowercase");
  if (!/\p{Lu}/u.test(password)) missing.push("uppercase");
  if (!/\p{Nd}/u.test(password)) missing.push("number");
  if (!/[^\p{L}\p{Nd}]/u.test(password)) missing.push("special");
  return missing;
}

/** The first rule a new password breaks, or null. Length is counted in characters (code points). */
export function passwordProblem(password: string, policy: PasswordPolicy): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return "form_password_length_too_short";
  if (utf8Length(password) > PASSWORD_MAX_BYTES) return "form_password_size_in_bytes_exceeded";
  if (policy.complexity && missingCharacterKinds(password).length > 0) return "form_password_not_strong_enough";
  return null;
}

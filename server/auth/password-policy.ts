import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { Logger } from "pino";
import { type PasswordProblem, passwordProblem } from "../../core/password.js";
import type { Config } from "../config.js";
import type { ErrorCode } from "../errors.js";

const require = createRequire(import.meta.url);
/** Mozilla's list of the 50,000 most common passwords of 8+ characters, decoded once in memory. */
const commonPasswords = require("fxa-common-password-list") as { test(password: string): boolean };

/** How long the breach service may take before the password is accepted without its answer. */
export const BREACH_TIMEOUT_MS = 1500;

export type NewPasswordProblem = PasswordProblem | "form_password_pwned";

/** The refusal answered for each broken password rule. */
export const PASSWORD_ERRORS: Record<NewPasswordProblem, ErrorCode> = {
  form_password_length_too_short: "passwordTooShort",
  form_password_size_in_bytes_exceeded: "passwordTooLong",
  form_password_not_strong_enough: "passwordNotStrong",
  form_password_pwned: "passwordPwned",
};

/** Whether the password is on the offline list of common passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.test(password);
}

/**
 * Asks a k-anonymity range API whether the password appeared in a breach: only the first five hex
 * characters of its SHA-1 leave the server, and the suffixes are compared here (padding entries
 * have a count of 0). Returns null when the service does not answer in time or answers badly.
 */
async function breachedByRange(url: string, password: string, logger: Logger): Promise<boolean | null> {
  const hash = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  try {
    const res = await fetch(`${url}${prefix}`, {
      headers: { "Add-Padding": "true" },
      signal: AbortSignal.timeout(BREACH_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    for (const line of (await res.text()).split("\n")) {
      const [candidate, count] = line.trim().split(":");
      if (candidate?.toUpperCase() === suffix && Number(count) > 0) return true;
    }
    return false;
  } catch (error) {
    logger.warn({ err: error }, "password breach service unavailable; password accepted without it");
    return null;
  }
}

export interface PasswordChecker {
  /** The first rule a new password breaks (length, bytes, complexity, breached), or null. */
  check(password: string): Promise<NewPasswordProblem | null>;
  complexity: boolean;
}

/** The one check every path that sets a password runs (sign-up, reset, change, first password). */
export function passwordChecker(
  config: Pick<Config, "PASSWORD_COMPLEXITY" | "PASSWORD_BREACH_RANGE_URL">,
  logger: Logger,
): PasswordChecker {
  const complexity = config.PASSWORD_COMPLEXITY;
  return {
    complexity,
    async check(password) {
      const problem = passwordProblem(password, { complexity });
      if (problem) return problem;
      if (isCommonPassword(password)) return "form_password_pwned";
      if (config.PASSWORD_BREACH_RANGE_URL && (await breachedByRange(config.PASSWORD_BREACH_RANGE_URL, password, logger))) {
        return "form_password_pwned";
      }
      return null;
    },
  };
}

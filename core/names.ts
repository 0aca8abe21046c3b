/** Rules for a person's name, shared by the sign-up form and the identity server. */
import { characterCount } from "./text";

/** First name, last name and full name: at most this many characters each. */
export const NAME_MAX = 256;

/** A full name split on spaces: the first word is the first name, the rest the last name. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

export type NameProblem = "required" | "tooLong";

/** What is wrong with a name part of the profile (compared before trimming, stored trimmed), or null. */
export function nameProblem(value: string, opts: { required: boolean }): NameProblem | null {
  if (characterCount(value) > NAME_MAX) return "tooLong";
  if (opts.required && value.trim() === "") return "required";
  return null;
}

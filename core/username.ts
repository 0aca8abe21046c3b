/** The username rule, shared by the profile form and the identity server. */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

/** Latin letters, digits and underscores; no dots, so a username never looks like an address or a domain. */
const USERNAME_CHARACTERS = /^[A-Za-z0-9_]+$/;

export type UsernameProblem = "length" | "characters";

/** What is wrong with a username, or null when it is acceptable. */
export function usernameProblem(username: string): UsernameProblem | null {
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return "length";
  if (!USERNAME_CHARACTERS.test(username)) return "characters";
  return null;
}

/** Whether a sign-in identifier is a username rather than an e-mail address. */
export function isUsernameIdentifier(identifier: string): boolean {
  return !identifier.includes("@");
}

/** How an account is named on screen: its name, else its e-mail address. */
export function displayName(user: { name?: string | null; email: string }): string {
  return user.name?.trim() || user.email;
}

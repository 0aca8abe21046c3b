/** Rules for teams, shared by the team forms, the team lists and the server. */

/** A team name is trimmed, not empty, and at most this many characters. */
export const TEAM_NAME_MAX = 100;
/** The longest slug a client may set; generated slugs are shorter (see `slugify`). */
export const SLUG_MAX = 100;
/** Memberships per page of the dashboard's team lists. */
export const TEAM_PAGE_SIZE = 5;

/** The roles a team member can hold. Admins manage the team; members see it. */
export const TEAM_ROLES = ["admin", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const ADMIN_ROLE: TeamRole = "admin";

/** Whether a stored role (a comma-separated list, as the identity library keeps it) administers the team. */
export function isAdminRole(role: string): boolean {
  return role.split(",").some((r) => r.trim() === ADMIN_ROLE);
}

/** A team's URL-safe address derived from its name; the server numbers it when already taken. */
export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return base || "team";
}

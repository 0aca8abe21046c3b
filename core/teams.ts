/** Rules for teams, shared by the team forms, the team lists and the server. */
import { characterCount } from "./text";

/** A team name is trimmed, not empty, and at most this many characters. */
export const TEAM_NAME_MAX = 100;

/** Letters, digits, punctuation or symbols: a name of only invisible or formatting characters names nothing. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Whether a (trimmed) team name may be stored: 1 to TEAM_NAME_MAX characters with something visible in it. */
export function isTeamName(name: string): boolean {
  return characterCount(name) <= TEAM_NAME_MAX && name.trim() === name && VISIBLE.test(name);
}
/**
 * A name as a person types it to confirm a step (deleting a team): Unicode normalised (NFKC, so a
 * decomposed "u\u0308" is "ü" and a full-width letter its plain one), case folded ("ß" as "ss"),
 * every kind of dash or minus a hyphen (with or without spaces around it), and spaces collapsed and trimmed.
 */
export function typedNameForm(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[\p{Pd}\u2212\uFE63\uFF0D]/gu, "-")
    .replace(/[\s\u200B\u2060\uFEFF]+/gu, " ")
    .replace(/ ?- ?/g, "-")
    .trim();
}

/** Whether what was typed names the team: the one rule of the confirmation field and the server (docs/decisions/148). */
export function matchesTeamName(typed: string, name: string): boolean {
  const form = typedNameForm(typed);
  return form.length > 0 && form === typedNameForm(name);
}
/** The longest slug a client may set; generated slugs are shorter (see `slugify`). */
export const SLUG_MAX = 100;
/** An invitation can be accepted for this many days. */
export const INVITATION_DAYS = 7;
/** Memberships per page of the dashboard's team lists. */
export const TEAM_PAGE_SIZE = 5;
/** Memberships per page of the team list (/teams). */
export const TEAM_LIST_PAGE_SIZE = 20;
/** Members per page of a team's roster (/teams/{id}/members). */
export const TEAM_MEMBERS_PAGE_SIZE = 10;
/** The longest roster search. */
export const MEMBER_SEARCH_MAX = 100;
/** At most this many addresses in one invitation form. */
export const INVITE_MAX_ADDRESSES = 20;

/** The addresses of an invitation form: separated by spaces, commas or semicolons, each once (case-insensitive). */
export function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push(email);
  }
  return out;
}
/**
 * How a verified domain brings people in: none, automatic invitations (users with a verified
 * address at the domain may join at once) or automatic suggestions (they may ask; an admin decides).
 */
export const ENROLLMENT_MODES = ["none", "automatic_invitation", "automatic_suggestion"] as const;
export type EnrollmentMode = (typeof ENROLLMENT_MODES)[number];
/** At most this many domains per team. */
export const TEAM_DOMAIN_MAX = 10;
/** A domain name: labels of letters, digits and inner hyphens, and a top-level label of letters. */
const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain as typed ("@Acme.com ") in the form it is stored ("acme.com"), or null when it is not one. */
export function normalizeDomain(text: string): string | null {
  const domain = text.trim().toLowerCase().replace(/^@/, "").replace(/\.$/, "");
  return DOMAIN_PATTERN.test(domain) ? domain : null;
}
export type TeamListKind = "admin" | "member" | "all";

/**
 * The roles a team member can hold: admins run the team, members see it and its members, guests
 * (invited with that role) see only its name.
 */
export const TEAM_ROLES = ["admin", "member", "guest"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const ADMIN_ROLE: TeamRole = "admin";

/**
 * What can be done in a team, as the identity library's access control reads it: its own
 * statements (organization, member, invitation) and the product's (roster, billing, domain, request).
 */
export const TEAM_STATEMENTS = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  roster: ["read"],
  billing: ["manage"],
  domain: ["manage"],
  request: ["manage"],
} as const;
export type TeamStatements = typeof TEAM_STATEMENTS;
/** A set of actions, e.g. `{ member: ["update"] }`. */
export type TeamPermission = { [K in keyof TeamStatements]?: TeamStatements[K][number][] };

/** What each role may do; leaving is open to every member except the last admin. */
export const ROLE_GRANTS: Record<TeamRole, TeamPermission> = {
  admin: {
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    roster: ["read"],
    billing: ["manage"],
    domain: ["manage"],
    request: ["manage"],
  },
  member: { roster: ["read"] },
  guest: {},
};

/** Whether a stored role (possibly a comma-separated list) grants every action of `permission`. */
export function roleCan(role: string, permission: TeamPermission): boolean {
  const grants = role
    .split(",")
    .map((r) => r.trim())
    .filter((r): r is TeamRole => (TEAM_ROLES as readonly string[]).includes(r))
    .map((r) => ROLE_GRANTS[r]);
  return Object.entries(permission).every(([resource, actions]) =>
    (actions as string[]).every((action) =>
      grants.some((g) => (g[resource as keyof TeamStatements] as string[] | undefined)?.includes(action)),
    ),
  );
}

/** The first known role of a stored role list, for display. */
export function primaryRole(role: string): TeamRole {
  const roles = role.split(",").map((r) => r.trim());
  return TEAM_ROLES.find((r) => roles.includes(r)) ?? "guest";
}

/** Whether a stored role (a comma-separated list, as the identity library keeps it) administers the team. */
export function isAdminRole(role: string): boolean {
  return role.split(",").some((r) => r.trim() === ADMIN_ROLE);
}

/** The one slug rule: lowercase letters and digits in words joined by single hyphens, as `slugify` makes them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a slug a person typed follows the slug rule. */
export function isValidSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug);
}

/** German letters as Germans write them without umlauts: "Müller" is "mueller", "Straße" "strasse". */
const GERMAN_LETTERS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss", ẞ: "SS" };

/** A team's URL-safe address derived from its name; the server numbers it when already taken. */
export function slugify(name: string): string {
  const base = name
    .normalize("NFC")
    .replace(/[äöüÄÖÜßẞ]/g, (letter) => GERMAN_LETTERS[letter] as string)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return base || "team";
}

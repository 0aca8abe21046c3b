import { APIError } from "better-auth/api";
import type { Logger } from "pino";
import type { DB } from "../db/database.js";

export const PLAN_TYPES = ["individual", "pro"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** The organization role a pro sign-up gets in the team it creates. */
export const SIGN_UP_ORGANIZATION_ROLE = "org:admin";

const MAX_TEAM_NAME = 100;

/** What a sign-up carries about the chosen plan (SPEC section 3, "user metadata set at sign-up"). */
export interface SignUpPlan {
  planType: PlanType;
  teamName: string | null;
  createOrganization: boolean;
  organizationName: string | null;
  organizationRole: string | null;
}

/**
 * Normalises the plan fields of a new user. A pro sign-up with a team name asks for a team to be
 * created with the user as admin; `requireTeamName` (the e-mail route) rejects pro without one.
 */
export function signUpPlan(input: { planType?: unknown; teamName?: unknown }, opts: { requireTeamName: boolean }): SignUpPlan {
  const planType: PlanType = input.planType === "pro" ? "pro" : "individual";
  const teamName = planType === "pro" && typeof input.teamName === "string" ? input.teamName.trim() || null : null;
  if (teamName && teamName.length > MAX_TEAM_NAME)
    throw APIError.from("BAD_REQUEST", { code: "TEAM_NAME_TOO_LONG", message: "Team name is too long" });
  if (planType === "pro" && !teamName && opts.requireTeamName) {
    throw APIError.from("BAD_REQUEST", { code: "TEAM_NAME_REQUIRED", message: "Please enter a team name" });
  }
  const create = planType === "pro" && Boolean(teamName);
  return {
    planType,
    teamName,
    createOrganization: create,
    organizationName: create ? teamName : null,
    organizationRole: create ? SIGN_UP_ORGANIZATION_ROLE : null,
  };
}

/** First word is the first name, the rest the last name (SPEC section 5). */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/** A URL-safe, unique slug for a team name. */
export function teamSlug(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "team"}-${crypto.randomUUID().slice(0, 8)}`;
}

type CreateOrganization = (args: { name: string; slug: string; userId: string }) => Promise<unknown>;

/**
 * Creates the team a verified pro sign-up asked for, once: the flag is cleared in the same step so
 * a repeated verification or sign-in does not create a second team.
 */
export async function createSignUpTeam(
  deps: { db: DB; logger: Logger; createOrganization: CreateOrganization },
  userId: string,
): Promise<void> {
  const claimed = await deps.db
    .updateTable("user")
    .set({ createOrganization: false })
    .where("id", "=", userId)
    .where("createOrganization", "=", true)
    .where("emailVerified", "=", true)
    .returning(["organizationName"])
    .executeTakeFirst();
  if (!claimed?.organizationName) return;
  try {
    await deps.createOrganization({ name: claimed.organizationName, slug: teamSlug(claimed.organizationName), userId });
  } catch (error) {
    // Put the request back so the next verified sign-in can try again.
    await deps.db.updateTable("user").set({ createOrganization: true }).where("id", "=", userId).execute();
    deps.logger.error({ err: error, userId }, "creating the sign-up team failed");
    throw error;
  }
}

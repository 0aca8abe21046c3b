import type { Logger } from "pino";
import { NAME_MAX } from "../../core/names.js";
import type { PlanType } from "../../core/plans.js";
import { isTeamName, TEAM_NAME_MAX } from "../../core/teams.js";
import { characterCount } from "../../core/text.js";
import { AppError } from "../errors.js";
import { libraryError } from "../library-error.js";
import { createTeam, type TeamDeps } from "../teams/create-team.js";

/** What a sign-up stores about the chosen plan: the plan, and for pro the team to create. */
export interface SignUpPlan {
  planType: PlanType;
  teamName: string | null;
  createOrganization: boolean;
  organizationName: string | null;
}

/**
 * Normalises the plan fields of a new user. A pro sign-up with a team name asks for a team to be
 * created with the user as admin; `requireTeamName` (the e-mail route) rejects pro without one.
 */
export function signUpPlan(input: { planType?: unknown; teamName?: unknown }, opts: { requireTeamName: boolean }): SignUpPlan {
  const planType: PlanType = input.planType === "pro" ? "pro" : "individual";
  const typed = planType === "pro" && typeof input.teamName === "string" ? input.teamName.trim() : "";
  if (characterCount(typed) > TEAM_NAME_MAX) throw libraryError(new AppError("teamNameTooLong"));
  // Only invisible characters count as no name.
  const teamName = isTeamName(typed) ? typed : null;
  if (planType === "pro" && !teamName && opts.requireTeamName) {
    throw libraryError(new AppError("teamNameRequired"));
  }
  const create = planType === "pro" && Boolean(teamName);
  return {
    planType,
    teamName,
    createOrganization: create,
    organizationName: create ? teamName : null,
  };
}

/** Name fields are at most 256 characters each. */
export function checkNameLengths(user: { name?: unknown; firstName?: unknown; lastName?: unknown }): void {
  for (const value of [user.name, user.firstName, user.lastName]) {
    if (typeof value === "string" && characterCount(value) > NAME_MAX) {
      throw libraryError(new AppError("nameTooLong"));
    }
  }
}

/**
 * Creates the team a verified pro sign-up asked for, once: the flag is cleared in the same step so
 * a repeated verification or sign-in does not create a second team.
 */
export async function createSignUpTeam(deps: TeamDeps & { logger: Logger }, userId: string): Promise<void> {
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
    await createTeam(deps, { name: claimed.organizationName, userId });
  } catch (error) {
    // Put the request back so the next verified sign-in can try again.
    await deps.db.updateTable("user").set({ createOrganization: true }).where("id", "=", userId).execute();
    deps.logger.error({ err: error, userId }, "creating the sign-up team failed");
    throw error;
  }
}

import type { CreatedTeam } from "../../core/api.js";
import type { CreateOrganization } from "../teams/create-team.js";

/** The part of the identity library's API that creates teams (organizations). */
interface OrganizationApi {
  api: {
    createOrganization(args: {
      body: { name: string; slug: string; userId?: string; keepCurrentActiveOrganization?: boolean };
      headers?: Headers;
    }): Promise<unknown>;
  };
}

/**
 * Team creation through the identity library: with request headers for the signed-in user (its
 * pro-only rule applies), otherwise as a system action for `userId`.
 */
export function organizationCreator(auth: OrganizationApi): CreateOrganization {
  return async ({ name, slug, userId, headers }) => {
    const created = headers
      ? // A new team does not replace the active one: switching is the user's own step on /teams.
        await auth.api.createOrganization({ headers, body: { name, slug, keepCurrentActiveOrganization: true } })
      : await auth.api.createOrganization({ body: { name, slug, userId } });
    return (created as CreatedTeam | null) ?? null;
  };
}

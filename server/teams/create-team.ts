import type { CreatedTeam } from "../../core/api.js";
import { slugify } from "../../core/teams.js";
import type { DB } from "../db/database.js";
import { administeredTeamNamed } from "./memberships.js";

/**
 * The identity library's team creation. With request headers it acts for the signed-in user and
 * applies the pro-only rule; with a `userId` it is a system action for that user.
 */
export type CreateOrganization = (input: { name: string; slug: string; userId?: string; headers?: Headers }) => Promise<CreatedTeam | null>;

export interface TeamDeps {
  db: DB;
  createOrganization: CreateOrganization;
}

/** The team name's slug, numbered when already taken: acme, acme-2, acme-3 … */
async function uniqueSlug(db: DB, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .selectFrom("organization")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const slugTaken = (error: unknown) => (error as { body?: { code?: string } })?.body?.code === "ORGANIZATION_SLUG_ALREADY_TAKEN";

/**
 * Creates a team with the user as its admin: the one way a team comes into being (the dashboard,
 * a pro sign-up and a checkout that names a team all end here). Two creations racing for the same
 * slug both succeed: the loser takes the next free number.
 */
export async function createTeam(deps: TeamDeps, input: { name: string; userId: string; headers?: Headers }): Promise<CreatedTeam | null> {
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueSlug(deps.db, input.name);
    try {
      return await deps.createOrganization(input.headers ? { name: input.name, slug, headers: input.headers } : { ...input, slug });
    } catch (error) {
      if (!slugTaken(error) || attempt === 3) throw error;
    }
  }
}

/** Creates the team named at checkout unless the user already administers a team of that name. */
export async function ensureTeam(deps: TeamDeps, userId: string, name: string): Promise<void> {
  if (!(await administeredTeamNamed(deps.db, userId, name))) await createTeam(deps, { name, userId });
}

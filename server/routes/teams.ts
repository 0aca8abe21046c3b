import { Hono } from "hono";
import { z } from "zod";
import { TEAM_NAME_MAX } from "../../core/teams.js";
import type { Auth } from "../auth/auth.js";
import { requireSession } from "../auth/session.js";
import { assertCanCreateTeams } from "../billing/billing-service.js";
import { AppError } from "../errors.js";
import { readJson } from "../http/errors.js";
import type { PaymentProvider } from "../payments/provider.js";
import { createTeam, type TeamDeps } from "../teams/create-team.js";
import { type DeleteTeamDeps, deleteTeam, deletionOf } from "../teams/delete-team.js";
import { listMemberships } from "../teams/memberships.js";
import { type TeamEnv, teamGuard } from "../teams/team-guard.js";
import { teamView } from "../teams/team-view.js";

const teamBody = z.object({ name: z.string().trim().min(1).max(TEAM_NAME_MAX) });
const deleteBody = z.object({ confirmName: z.string().max(TEAM_NAME_MAX) });

/** The dashboard's team lists and team creation. */
export function teamRoutes(deps: { auth: Auth; teams: TeamDeps; provider: PaymentProvider }) {
  const { auth, teams, provider } = deps;
  const { db } = teams;
  const deletion: DeleteTeamDeps = {
    db,
    provider,
    async deleteOrganization(organizationId, headers) {
      await auth.api.deleteOrganization({ headers, body: { organizationId } });
    },
  };
  const app = new Hono<TeamEnv>();

  app.get("/api/teams", requireSession(auth), async (c) => {
    const { session } = c.var;
    const asked = c.req.query("kind");
    const kind = asked === "member" || asked === "all" ? asked : "admin";
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    c.header("Cache-Control", "no-store");
    return c.json(await listMemberships(db, session.user.id, kind, page));
  });

  app.post("/api/teams", requireSession(auth), async (c) => {
    const { session } = c.var;
    const parsed = teamBody.safeParse(await readJson(c));
    if (!parsed.success) throw new AppError("invalidTeamName");
    await assertCanCreateTeams(db, session.user.id);
    const team = await createTeam(teams, { name: parsed.data.name, userId: session.user.id, headers: c.req.raw.headers });
    return c.json({ id: team?.id, name: team?.name, slug: team?.slug }, 201);
  });

  app.get("/api/teams/:teamId/deletion", requireSession(auth), teamGuard(db, { organization: ["delete"] }), async (c) => {
    c.header("Cache-Control", "no-store");
    const { cancelsSubscription } = await deletionOf(deletion, c.req.param("teamId"));
    return c.json({ cancelsSubscription });
  });

  app.post("/api/teams/:teamId/delete", requireSession(auth), teamGuard(db, { organization: ["delete"] }), async (c) => {
    const parsed = deleteBody.safeParse(await readJson(c));
    if (!parsed.success) throw new AppError("confirmNameMismatch");
    await deleteTeam(deletion, { teamId: c.req.param("teamId"), confirmName: parsed.data.confirmName, headers: c.req.raw.headers });
    return c.json({ deleted: true });
  });

  app.get("/api/teams/:teamId", requireSession(auth), teamGuard(db), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await teamView(db, c.var.membership));
  });

  return app;
}

import { Hono } from "hono";
import { createTeamBody, deleteTeamBody, inviteBody } from "../../core/api/teams.js";
import { MEMBER_SEARCH_MAX } from "../../core/teams.js";
import type { Auth } from "../auth/auth.js";
import { requireSession } from "../auth/session.js";
import { assertCanCreateTeams } from "../billing/billing-service.js";
import { AppError } from "../errors.js";
import { requestBody } from "../http/body.js";
import { readBody } from "../http/json-body.js";
import { imageUploadLimit } from "../images/upload-limit.js";
import type { PaymentProvider } from "../payments/provider.js";
import { createTeam, type TeamDeps } from "../teams/create-team.js";
import { type DeleteTeamDeps, deleteTeam, deletionOf } from "../teams/delete-team.js";
import {
  type InvitationDeps,
  invitationPreview,
  inviteAddresses,
  pendingInvitations,
  resendInvitation,
  revokeInvitation,
} from "../teams/invitations.js";
import { listMemberships } from "../teams/memberships.js";
import { listRoster } from "../teams/roster.js";
import { teamBilling } from "../teams/team-billing.js";
import { type TeamEnv, teamGuard } from "../teams/team-guard.js";
import { removeTeamLogo, setTeamLogo } from "../teams/team-logo.js";
import { teamView } from "../teams/team-view.js";

const pageOf = (value: string | undefined) => Math.max(1, Math.min(10_000, Number.parseInt(value ?? "1", 10) || 1));

/** The dashboard's team lists, team creation and deletion, and a team's roster and invitations. */
export function teamRoutes(deps: {
  auth: Auth;
  teams: TeamDeps;
  provider: PaymentProvider;
  config: InvitationDeps["config"];
  outbox?: { wake(): void };
}) {
  const { auth, teams, provider, config } = deps;
  const invitations: InvitationDeps = {
    db: teams.db,
    config,
    wake: () => deps.outbox?.wake(),
    async createInvitation({ headers, body }) {
      return (await auth.api.createInvitation({ headers, body })) as { id: string } | null;
    },
  };
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
    const page = pageOf(c.req.query("page"));
    c.header("Cache-Control", "no-store");
    return c.json(await listMemberships(db, session.user.id, kind, page));
  });

  app.post("/api/teams", requireSession(auth), async (c) => {
    const { session } = c.var;
    const { name } = await readBody(c, createTeamBody, "invalidTeamName");
    await assertCanCreateTeams(db, session.user.id);
    const team = await createTeam(teams, { name, userId: session.user.id, headers: c.req.raw.headers });
    return c.json({ id: team?.id, name: team?.name, slug: team?.slug }, 201);
  });

  // The logo: admins only, under the image rules of profile images (its own body limit).
  app.put("/api/teams/:teamId/logo", requireSession(auth), teamGuard(db, { organization: ["update"] }), imageUploadLimit(), async (c) => {
    const logo = await setTeamLogo(db, c.var.membership.organizationId, await requestBody(c));
    return c.json({ logo });
  });

  app.delete("/api/teams/:teamId/logo", requireSession(auth), teamGuard(db, { organization: ["update"] }), async (c) => {
    await removeTeamLogo(db, c.var.membership.organizationId);
    return c.json({ logo: null });
  });

  app.get("/api/teams/:teamId/deletion", requireSession(auth), teamGuard(db, { organization: ["delete"] }), async (c) => {
    c.header("Cache-Control", "no-store");
    const { cancelsSubscription } = await deletionOf(deletion, c.req.param("teamId"));
    return c.json({ cancelsSubscription });
  });

  app.post("/api/teams/:teamId/delete", requireSession(auth), teamGuard(db, { organization: ["delete"] }), async (c) => {
    const { confirmName } = await readBody(c, deleteTeamBody, "confirmNameMismatch");
    await deleteTeam(deletion, { teamId: c.req.param("teamId"), confirmName, headers: c.req.raw.headers });
    return c.json({ deleted: true });
  });

  app.get("/api/teams/:teamId/members", requireSession(auth), teamGuard(db, { roster: ["read"] }), async (c) => {
    c.header("Cache-Control", "no-store");
    const search = (c.req.query("q") ?? "").slice(0, MEMBER_SEARCH_MAX);
    return c.json(await listRoster(db, config, { organizationId: c.req.param("teamId"), page: pageOf(c.req.query("page")), search }));
  });

  // No session: the invitation page shows it before sign-in, and the invited sign-up fills in the address.
  app.get("/api/invitations/:invitationId", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await invitationPreview(db, c.req.param("invitationId")));
  });

  app.get("/api/teams/:teamId/invitations", requireSession(auth), teamGuard(db, { invitation: ["create"] }), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await pendingInvitations(db, c.req.param("teamId")));
  });

  app.post("/api/teams/:teamId/invitations", requireSession(auth), teamGuard(db, { invitation: ["create"] }), async (c) => {
    const body = await readBody(
      c,
      inviteBody,
      (issues) => new AppError(issues.some((i) => i.path[0] === "role") ? "invalidRole" : "noAddresses"),
    );
    const results = await inviteAddresses(invitations, {
      organizationId: c.req.param("teamId"),
      emails: body.emails,
      role: body.role,
      headers: c.req.raw.headers,
      lang: c.var.lang,
      t: c.var.t,
    });
    return c.json(results);
  });

  app.post(
    "/api/teams/:teamId/invitations/:invitationId/resend",
    requireSession(auth),
    teamGuard(db, { invitation: ["create"] }),
    async (c) => {
      await resendInvitation(invitations, {
        organizationId: c.req.param("teamId"),
        invitationId: c.req.param("invitationId"),
        lang: c.var.lang,
      });
      return c.json({ ok: true as const });
    },
  );

  app.post(
    "/api/teams/:teamId/invitations/:invitationId/revoke",
    requireSession(auth),
    teamGuard(db, { invitation: ["cancel"] }),
    async (c) => {
      await revokeInvitation(db, { organizationId: c.req.param("teamId"), invitationId: c.req.param("invitationId") });
      return c.json({ ok: true as const });
    },
  );

  app.get("/api/teams/:teamId/billing", requireSession(auth), teamGuard(db, { billing: ["manage"] }, "billingPermission"), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(
      await teamBilling(
        { db, config, providerKind: provider.kind },
        { organizationId: c.req.param("teamId"), userId: c.var.session.user.id },
      ),
    );
  });

  app.get("/api/teams/:teamId", requireSession(auth), teamGuard(db), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await teamView(db, c.var.membership));
  });

  return app;
}

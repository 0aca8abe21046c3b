import { type Context, Hono } from "hono";
import type { Logger } from "pino";
import { z } from "zod";
import { isLanguage, type Language } from "../../core/languages.js";
import { TEAM_NAME_MAX } from "../../core/teams.js";
import type { AppEnv } from "../app.js";
import type { Auth } from "../auth/auth.js";
import { organizationCreator } from "../auth/organizations.js";
import { getSession, requireSession } from "../auth/session.js";
import { billingError } from "../billing/billing-errors.js";
import { type BillingDeps, BillingRefusal, canCreateTeams, openPortal, startCheckout } from "../billing/billing-service.js";
import { type EventDeps, processWebhook } from "../billing/process-event.js";
import { viewAndSync } from "../billing/subscription-store.js";
import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { ApiError, readJson } from "../http/errors.js";
import { pageCsp } from "../http/security-headers.js";
import { requestLanguage, serverT } from "../i18n.js";
import { billingPage, checkoutPage, messagePage } from "../payments/local-pages.js";
import type { LocalProvider } from "../payments/local-provider.js";
import { createPaymentProvider } from "../payments/payment-provider.js";
import { WebhookSignatureError } from "../payments/provider.js";
import { createTeam, ensureTeam, type TeamDeps } from "../teams/create-team.js";
import { listMemberships } from "../teams/memberships.js";

const checkoutBody = z.object({
  userId: z.string().min(1),
  planType: z.literal("pro"),
  userEmail: z.string().optional(),
  userName: z.string().optional(),
  trial: z.boolean().default(true),
  teamName: z.string().trim().min(1).max(TEAM_NAME_MAX).optional(),
});

const teamBody = z.object({ name: z.string().trim().min(1).max(TEAM_NAME_MAX) });

/** Subscriptions, the payment provider's webhooks and pages, and the team lists of the dashboard. */
export function billingRoutes(deps: { config: Config; db: DB; auth: Auth; logger: Logger }) {
  const { config, db, auth, logger } = deps;
  const provider = createPaymentProvider(config, db);
  const billing: BillingDeps = { db, provider, baseUrl: config.BASE_URL, logger };
  const teams: TeamDeps = { db, createOrganization: organizationCreator(auth) };
  const events: EventDeps = { db, provider, logger, ensureTeam: (userId, name) => ensureTeam(teams, userId, name) };
  const app = new Hono<AppEnv>();

  app.post("/api/create-checkout-session", async (c) => {
    const session = await getSession(auth, c);
    if (!session) throw billingError(c, 401, "authenticateToCheckout");
    const parsed = checkoutBody.safeParse(await readJson(c));
    if (!parsed.success) throw billingError(c, 400, "invalidCheckout");
    const body = parsed.data;
    if (body.userId !== session.user.id) throw billingError(c, 403, "otherUser");
    try {
      const { id, url } = await startCheckout(billing, {
        user: session.user,
        trial: body.trial,
        teamName: body.teamName ?? null,
        lang: requestLanguage(c.req.raw.headers),
      });
      return c.json({ id, url });
    } catch (error) {
      if (error instanceof BillingRefusal) throw billingError(c, error.status, error.key);
      logger.error({ reqId: c.get("requestId"), err: error }, "checkout session failed");
      throw billingError(c, 502, "paymentFailed");
    }
  });

  app.post("/api/create-portal-session", async (c) => {
    const session = await requireSession(auth, c);
    try {
      const { url } = await openPortal(billing, {
        userId: session.user.id,
        organizationId: c.req.query("organizationId") || undefined,
        lang: requestLanguage(c.req.raw.headers),
      });
      return c.json({ url });
    } catch (error) {
      if (error instanceof BillingRefusal) throw billingError(c, error.status, error.key);
      logger.error({ reqId: c.get("requestId"), err: error }, "portal session failed");
      throw billingError(c, 502, "portalFailed");
    }
  });

  app.get("/api/subscription", async (c) => {
    const session = await requireSession(auth, c);
    c.header("Cache-Control", "no-store");
    return c.json(await viewAndSync(db, session.user.id));
  });

  app.post("/api/webhooks/:provider", async (c) => {
    if (c.req.param("provider") !== provider.kind) throw billingError(c, 404, "unknownProvider");
    const rawBody = await c.req.text();
    try {
      const outcome = await processWebhook(events, rawBody, c.req.header("stripe-signature"));
      return c.json({ received: true, outcome });
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw billingError(c, 400, "badSignature");
      throw error;
    }
  });

  app.get("/api/teams", async (c) => {
    const session = await requireSession(auth, c);
    const kind = c.req.query("kind") === "member" ? "member" : "admin";
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    c.header("Cache-Control", "no-store");
    return c.json(await listMemberships(db, session.user.id, kind, page));
  });

  app.post("/api/teams", async (c) => {
    const session = await requireSession(auth, c);
    const parsed = teamBody.safeParse(await readJson(c));
    if (!parsed.success) throw billingError(c, 400, "teamName");
    if (!(await canCreateTeams(db, session.user.id))) throw billingError(c, 403, "teamsProOnly");
    const team = await createTeam(teams, { name: parsed.data.name, userId: session.user.id, headers: c.req.raw.headers });
    return c.json({ id: team?.id, name: team?.name, slug: team?.slug }, 201);
  });

  if (provider.kind === "local") registerLocalPages(app, { config, auth, local: provider as LocalProvider, events });
  return app;
}

const html = (c: Context, body: string, status: 200 | 403 | 404 = 200) =>
  c.html(body, status, { "Content-Security-Policy": pageCsp([], { analytics: false }), "Cache-Control": "no-store" });

/** The local provider's checkout and billing pages: plain server-rendered forms, no scripts. */
function registerLocalPages(app: Hono<AppEnv>, opts: { config: Config; auth: Auth; local: LocalProvider; events: EventDeps }) {
  const { config, auth, local, events } = opts;
  const langOf = (c: Context): Language => {
    const lang = c.req.param("lang");
    return isLanguage(lang) ? lang : "en";
  };
  // Forms post only from our own pages; SameSite cookies already stop most cross-site posts.
  const sameOrigin = (c: Context) => c.req.header("origin") === config.BASE_URL;

  const checkout = async (c: Context) => {
    const lang = langOf(c);
    const t = serverT(lang);
    const session = await getSession(auth, c);
    if (!session) return c.redirect(`/${lang}/sign-in`, 303);
    const found = await local.checkoutSession(c.req.param("id") ?? "");
    if (!found || found.userId !== session.user.id) {
      return html(c, messagePage(lang, t, t("billing:local.checkoutTitle"), t("billing:local.notFound")), 404);
    }
    if (found.status !== "open") return c.redirect(found.successUrl, 303);
    return { lang, t, found };
  };

  app.get("/:lang/local-payments/checkout/:id", async (c) => {
    const ready = await checkout(c);
    if (ready instanceof Response) return ready;
    return html(c, checkoutPage(ready.lang, ready.t, ready.found));
  });

  app.post("/:lang/local-payments/checkout/:id", async (c) => {
    if (!sameOrigin(c)) throw new ApiError(403, serverT(langOf(c))("errors:forbidden"));
    const ready = await checkout(c);
    if (ready instanceof Response) return ready;
    for (const event of await local.confirmCheckout(ready.found.id)) await processWebhook(events, event.payload, event.signature);
    return c.redirect(ready.found.successUrl, 303);
  });

  app.get("/:lang/local-payments/billing", async (c) => {
    const lang = langOf(c);
    const session = await getSession(auth, c);
    if (!session) return c.redirect(`/${lang}/sign-in`, 303);
    return html(c, billingPage(lang, serverT(lang), await local.subscriptionOf(session.user.id)));
  });

  app.post("/:lang/local-payments/billing", async (c) => {
    const lang = langOf(c);
    if (!sameOrigin(c)) throw new ApiError(403, serverT(lang)("errors:forbidden"));
    const session = await getSession(auth, c);
    if (!session) return c.redirect(`/${lang}/sign-in`, 303);
    const form = await c.req.parseBody();
    const event = await local.setCancelAtPeriodEnd(session.user.id, form.action === "cancel");
    if (event) await processWebhook(events, event.payload, event.signature);
    return c.redirect(`/${lang}/local-payments/billing`, 303);
  });
}

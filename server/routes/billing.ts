import { Hono } from "hono";
import { checkoutBody } from "../../core/api/billing.js";
import type { Auth } from "../auth/auth.js";
import { requireSession } from "../auth/session.js";
import { type BillingDeps, openPortal, startCheckout } from "../billing/billing-service.js";
import { type EventDeps, processWebhook } from "../billing/process-event.js";
import { viewAndSync } from "../billing/subscription-store.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { openTeamPortal } from "../teams/team-billing.js";

/** Subscriptions: checkout, the billing portal, the dashboard's view, and the payment provider's webhooks. */
export function billingRoutes(deps: { auth: Auth; billing: BillingDeps; events: EventDeps }) {
  const { auth, billing, events } = deps;
  const { db, provider } = billing;
  const app = new Hono<AppEnv>();

  app.post("/api/create-checkout-session", requireSession(auth, "authenticateToCheckout"), async (c) => {
    const { session } = c.var;
    const body = await readBody(c, checkoutBody, "invalidCheckout");
    if (body.userId !== session.user.id) throw new AppError("otherUser");
    try {
      const { id, url } = await startCheckout(billing, {
        user: session.user,
        trial: body.trial,
        teamName: body.teamName ?? null,
        lang: c.var.lang,
      });
      return c.json({ id, url });
    } catch (error) {
      if (error instanceof AppError) throw error;
      c.var.log.error({ err: error }, "checkout session failed");
      throw new AppError("paymentFailed");
    }
  });

  app.post("/api/create-portal-session", requireSession(auth), async (c) => {
    const { session } = c.var;
    try {
      const organizationId = c.req.query("organizationId") || undefined;
      const input = { userId: session.user.id, lang: c.var.lang };
      const { url } = organizationId ? await openTeamPortal(billing, { ...input, organizationId }) : await openPortal(billing, input);
      return c.json({ url });
    } catch (error) {
      if (error instanceof AppError) throw error;
      c.var.log.error({ err: error }, "portal session failed");
      throw new AppError("portalFailed");
    }
  });

  app.get("/api/subscription", requireSession(auth), async (c) => {
    const { session } = c.var;
    c.header("Cache-Control", "no-store");
    return c.json(await viewAndSync(db, session.user.id));
  });

  app.post("/api/webhooks/:provider", async (c) => {
    if (c.req.param("provider") !== provider.kind) throw new AppError("unknownProvider");
    const outcome = await processWebhook(events, await c.req.text(), c.req.header("stripe-signature"));
    return c.json({ received: true, outcome });
  });

  return app;
}

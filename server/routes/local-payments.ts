import { type Context, Hono } from "hono";
import { isLanguage } from "../../core/languages.js";
import type { Auth } from "../auth/auth.js";
import { getSession } from "../auth/session.js";
import { type EventDeps, processWebhook } from "../billing/process-event.js";
import { viewAndSync } from "../billing/subscription-store.js";
import { type AppEnv, setLanguage } from "../http/context.js";
import { sameOrigin } from "../http/same-origin.js";
import { pageCsp } from "../http/security-headers.js";
import { billingPage, checkoutPage, confirmCancelPage, messagePage } from "../payments/local-pages.js";
import type { LocalProvider } from "../payments/local-provider.js";

const html = (c: Context, body: string, status: 200 | 404 | 409 = 200) =>
  c.html(body, status, { "Content-Security-Policy": pageCsp([], { analytics: false }), "Cache-Control": "no-store" });

/** The local payment provider's checkout and billing pages: plain server-rendered forms, no scripts. */
export function localPaymentRoutes(deps: { auth: Auth; local: LocalProvider; events: EventDeps; trustedOrigins: string[] }) {
  const { auth, local, events } = deps;
  const app = new Hono<AppEnv>();

  // The page's language is in its path; its texts and refusals use it.
  app.use("/:lang/local-payments/*", async (c, next) => {
    const lang = c.req.param("lang");
    setLanguage(c, isLanguage(lang) ? lang : "en");
    await next();
  });
  // Forms post only from our own pages, under the rule of every state-changing request.
  app.use("/:lang/local-payments/*", sameOrigin({ trustedOrigins: deps.trustedOrigins, refusal: "forbidden" }));

  const checkout = async (c: Context<AppEnv>) => {
    const { lang, t } = c.var;
    const session = await getSession(auth, c);
    if (!session) return c.redirect(`/${lang}/sign-in`, 303);
    const found = await local.checkoutSession(c.req.param("id") ?? "");
    if (!found || found.userId !== session.user.id) {
      return html(c, messagePage(lang, t, t("billing:local.checkoutTitle"), t("billing:local.notFound")), 404);
    }
    if (found.status !== "open") return c.redirect(found.successUrl, 303);
    // A checkout opened before a subscription started is not confirmed while that one runs (docs/decisions/145).
    if (!(await viewAndSync(events.db, session.user.id)).checkoutOffer) {
      return html(c, messagePage(lang, t, t("billing:local.checkoutTitle"), t("billing:errors.subscriptionRunning")), 409);
    }
    return { lang, t, found };
  };

  app.get("/:lang/local-payments/checkout/:id", async (c) => {
    const ready = await checkout(c);
    if (ready instanceof Response) return ready;
    return html(c, checkoutPage(ready.lang, ready.t, ready.found));
  });

  app.post("/:lang/local-payments/checkout/:id", async (c) => {
    const ready = await checkout(c);
    if (ready instanceof Response) return ready;
    for (const event of await local.confirmCheckout(ready.found.id)) await processWebhook(events, event.payload, event.signature);
    return c.redirect(ready.found.successUrl, 303);
  });

  app.get("/:lang/local-payments/billing", async (c) => {
    const { lang, t } = c.var;
    const session = await getSession(auth, c);
    if (!session) return c.redirect(`/${lang}/sign-in`, 303);
    const sub = await local.subscriptionOf(session.user.id);
    const running =
      sub && (sub.status === "trialing" || sub.status === "active") && !(sub.currentPeriodEnd && sub.currentPeriodEnd <= new Date());
    const cancellable = running && !sub.cancelAtPeriodEnd;
    if (c.req.query("confirm") === "cancel" && cancellable) return html(c, confirmCancelPage(lang, t, sub));
    return html(c, billingPage(lang, t, sub));
  });

  app.post("/:lang/local-payments/billing", async (c) => {
    const { lang } = c.var;
    const session = await getSession(auth, c);
    if (!session) return c.redirect(`/${lang}/sign-in`, 303);
    const form = await c.req.parseBody();
    const event = await local.setCancelAtPeriodEnd(session.user.id, form.action === "cancel");
    if (event) await processWebhook(events, event.payload, event.signature);
    return c.redirect(`/${lang}/local-payments/billing`, 303);
  });

  return app;
}

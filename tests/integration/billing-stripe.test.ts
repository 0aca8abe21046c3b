import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { freePort, startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { days, json, type Smtp, signedInUser, subscriptionObject } from "./billing-support.js";

const WEBHOOK_SECRET = "whsec_test_secret_for_the_double";

interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
}

/** A local stand-in for the Stripe API endpoints the provider calls. */
async function startStripeDouble() {
  const requests: Recorded[] = [];
  const subscriptions = new Map<string, unknown>();
  let failNext = 0;
  let n = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://double");
      requests.push({ method: req.method ?? "", path: url.pathname, params: new URLSearchParams(body) });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== "Bearer sk_test_double")
        return send(401, { error: { type: "invalid_request_error", message: "bad key" } });
      if (failNext > 0) {
        failNext--;
        return send(400, { error: { type: "invalid_request_error", message: "No such price" } });
      }
      if (req.method === "POST" && url.pathname === "/v1/customers") return send(200, { id: `cus_${++n}`, object: "customer" });
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = `cs_test_${++n}`;
        return send(200, { id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}` });
      }
      if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        return send(200, { id: `bps_${++n}`, object: "billing_portal.session", url: "https://billing.stripe.test/p/session/abc" });
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && sub?.[1] && subscriptions.has(sub[1])) return send(200, subscriptions.get(sub[1]));
      if (req.method === "DELETE" && sub?.[1] && subscriptions.has(sub[1])) {
        const canceled = { ...(subscriptions.get(sub[1]) as object), status: "canceled" };
        subscriptions.set(sub[1], canceled);
        return send(200, canceled);
      }
      send(404, { error: { type: "invalid_request_error", message: "not found" } });
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    failOnce() {
      failNext = 1;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DATABASE_KINDS)("billing with Stripe (against a local double) on %s", (kind) => {
  let smtp: Smtp;
  let stripeDouble: Awaited<ReturnType<typeof startStripeDouble>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    stripeDouble = await startStripeDouble();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: "sk_test_double",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: "price_pro_monthly",
      STRIPE_API_URL: stripeDouble.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await stripeDouble?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    stripeDouble.requests.length = 0;
  });

  const send = (event: { id?: string; type: string; created?: number; object: unknown }, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify({
      id: event.id ?? `evt_${randomUUID()}`,
      object: "event",
      type: event.type,
      created: event.created ?? Math.floor(Date.now() / 1000),
      data: { object: event.object },
    });
    return server.fetch("/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
      body: payload,
    });
  };

  it("creates a hosted subscription checkout with a 30-day trial and the card collected", async () => {
    const user = await signedInUser(server, smtp);
    const res = await server.fetch(
      "/api/create-checkout-session",
      json(
        { userId: user.id, planType: "pro", userEmail: user.email, userName: "Test User", trial: true },
        { cookie: user.cookie, "x-language": "de" },
      ),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ id: expect.stringMatching(/^cs_test_/), url: `https://checkout.stripe.test/c/pay/${body.id}` });

    const customer = stripeDouble.requests.find((r) => r.path === "/v1/customers");
    expect(customer?.params.get("email")).toBe(user.email);
    expect(customer?.params.get("metadata[userId]")).toBe(user.id);
    const session = stripeDouble.requests.find((r) => r.path === "/v1/checkout/sessions")?.params;
    expect(session?.get("mode")).toBe("subscription");
    expect(session?.get("subscription_data[trial_period_days]")).toBe("30");
    expect(session?.get("payment_method_collection")).toBe("always");
    expect(session?.get("line_items[0][price]")).toBe("price_pro_monthly");
    expect(session?.get("client_reference_id")).toBe(user.id);
    expect(session?.get("locale")).toBe("de");
    expect(session?.get("success_url")).toBe(`${server.url}/de/dashboard?checkout=success`);
  });

  it("answers 'Payment process failed' when Stripe refuses", async () => {
    const user = await signedInUser(server, smtp);
    stripeDouble.failOnce();
    const res = await server.fetch("/api/create-checkout-session", json({ userId: user.id, planType: "pro" }, { cookie: user.cookie }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: "Payment process failed", code: "payment_failed" });
  });

  it("activates the trial from a signed checkout.session.completed and creates the team", async () => {
    const user = await signedInUser(server, smtp);
    const sub = subscriptionObject({
      id: `sub_${randomUUID()}`,
      customer: "cus_ext_1",
      userId: user.id,
      status: "trialing",
      trialEnd: days(30),
    });
    stripeDouble.subscriptions.set(sub.id, sub);
    const res = await send({
      type: "checkout.session.completed",
      object: {
        id: "cs_test_done",
        object: "checkout.session",
        customer: "cus_ext_1",
        client_reference_id: user.id,
        subscription: sub.id,
        metadata: { userId: user.id, teamName: "Stripe Team" },
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "processed" });
    expect(stripeDouble.requests.some((r) => r.method === "GET" && r.path === `/v1/subscriptions/${sub.id}`)).toBe(true);

    const view = await (await server.fetch("/api/subscription", { headers: { cookie: user.cookie } })).json();
    expect(view).toMatchObject({ active: true, status: "trialing", planType: "pro", daysLeftInTrial: 30, isPro: true });
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: { cookie: user.cookie } })).json();
    expect(teams.items).toMatchObject([{ name: "Stripe Team", role: "admin" }]);

    const portal = await server.fetch("/api/create-portal-session", { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
    expect(await portal.json()).toEqual({ url: "https://billing.stripe.test/p/session/abc" });
    const portalRequest = stripeDouble.requests.find((r) => r.path === "/v1/billing_portal/sessions")?.params;
    expect(portalRequest?.get("customer")).toBe("cus_ext_1");
    expect(portalRequest?.get("return_url")).toBe(`${server.url}/en/dashboard`);
  });

  it("refuses a second checkout for a running trial; a paid subscription completed anyway ends the trial's", async () => {
    const user = await signedInUser(server, smtp);
    const customer = `cus_${randomUUID()}`;
    const trial = subscriptionObject({ id: `sub_${randomUUID()}`, customer, userId: user.id, status: "trialing", trialEnd: days(2) });
    const paid = subscriptionObject({ id: `sub_${randomUUID()}`, customer, userId: user.id, status: "active", periodEnd: days(30) });
    stripeDouble.subscriptions.set(trial.id, trial);
    stripeDouble.subscriptions.set(paid.id, paid);
    const completed = (subscription: string) => ({
      type: "checkout.session.completed",
      object: { id: `cs_${randomUUID()}`, object: "checkout.session", customer, client_reference_id: user.id, subscription, metadata: {} },
    });
    await send(completed(trial.id));
    // A second checkout for the running trial is refused before Stripe is asked, whatever the request asks.
    for (const asked of [false, true]) {
      const body = { userId: user.id, planType: "pro", trial: asked };
      const again = await server.fetch("/api/create-checkout-session", json(body, { cookie: user.cookie }));
      expect(again.status).toBe(409);
      expect((await again.json()).code).toBe("subscription_running");
    }
    expect(stripeDouble.requests.some((r) => r.path === "/v1/checkout/sessions")).toBe(false);

    // A paid subscription completed all the same (a checkout opened before the trial started) ends the trial's.
    await send(completed(paid.id));
    expect(stripeDouble.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${trial.id}`)).toBe(true);
    const view = await (await server.fetch("/api/subscription", { headers: { cookie: user.cookie } })).json();
    expect(view).toMatchObject({ active: true, status: "active", isTrialing: false });
  });

  it("rejects a bad signature, a foreign secret and a tampered body", async () => {
    const unsigned = await server.fetch("/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(unsigned.status).toBe(400);
    const wrongSecret = await send({ type: "customer.subscription.created", object: {} }, "whsec_someone_else");
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({ message: "The webhook signature is not valid.", code: "bad_signature" });

    const payload = JSON.stringify({ id: "evt_t", type: "customer.subscription.created", created: 1, data: { object: {} } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await server.fetch("/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload.replace("evt_t", "evt_u"),
    });
    expect(tampered.status).toBe(400);
  });

  it("processes a replayed event once and ignores older events delivered late", async () => {
    const user = await signedInUser(server, smtp);
    const view = async () => (await server.fetch("/api/subscription", { headers: { cookie: user.cookie } })).json();
    const base = { id: `sub_${randomUUID()}`, customer: `cus_${randomUUID()}`, userId: user.id };
    const t = Math.floor(Date.now() / 1000);

    const incomplete = {
      id: `evt_${randomUUID()}`,
      type: "customer.subscription.updated",
      created: t + 10,
      object: subscriptionObject({ ...base, status: "incomplete" }),
    };
    expect(await (await send(incomplete)).json()).toMatchObject({ outcome: "processed" });
    expect(await (await send(incomplete)).json()).toMatchObject({ outcome: "duplicate" });

    // customer.subscription.created was sent first but arrives last: the newer state stays.
    await send({
      type: "customer.subscription.created",
      created: t,
      object: subscriptionObject({ ...base, status: "trialing", trialEnd: days(30) }),
    });
    expect(await view()).toMatchObject({ status: "incomplete", active: false });

    await send({
      type: "customer.subscription.updated",
      created: t + 20,
      object: subscriptionObject({ ...base, status: "active", periodEnd: days(30) }),
    });
    expect(await view()).toMatchObject({ status: "active", active: true, isTrialing: false });

    await send({
      type: "customer.subscription.deleted",
      created: t + 30,
      object: subscriptionObject({ ...base, status: "canceled", periodEnd: days(30) }),
    });
    // A delayed update from the same second cannot bring a canceled subscription back.
    await send({
      type: "customer.subscription.updated",
      created: t + 30,
      object: subscriptionObject({ ...base, status: "active", periodEnd: days(30) }),
    });
    expect(await view()).toMatchObject({ status: "canceled", active: false, isPro: false });
    const session = await (await server.fetch("/api/auth/get-session", { headers: { cookie: user.cookie } })).json();
    expect(session.user).toMatchObject({ activeSubscription: false, subscriptionStatus: "canceled" });
  });

  it("ignores event types it does not handle, once", async () => {
    const event = { id: `evt_${randomUUID()}`, type: "invoice.paid", object: { id: "in_1", object: "invoice" } };
    expect(await (await send(event)).json()).toEqual({ received: true, outcome: "ignored" });
    expect(await (await send(event)).json()).toEqual({ received: true, outcome: "duplicate" });
  });
});

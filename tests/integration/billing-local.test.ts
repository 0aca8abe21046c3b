import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { days, json, sendLocalEvent, subscriptionObject, type TestUser } from "./billing-support.js";

describe.each(DATABASE_KINDS)("billing with the local payment provider on %s", (kind) => {
  const started = serverWithMail(kind);

  const checkout = (user: TestUser | null, body: Record<string, unknown>, lang = "en") =>
    started.server.fetch("/api/create-checkout-session", json(body, { ...(user ? { cookie: user.cookie } : {}), "x-language": lang }));
  const view = async (user: TestUser) => (await started.server.fetch("/api/subscription", { headers: { cookie: user.cookie } })).json();
  const confirm = (user: TestUser, url: string) =>
    started.server.fetch(new URL(url).pathname, {
      method: "POST",
      headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });

  it("refuses a checkout without a session, and one for another user", async () => {
    const anonymous = await checkout(null, { userId: "someone", planType: "pro" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "User must be authenticated to checkout", code: "authenticate_to_checkout" });

    const user = await started.signIn();
    const other = await checkout(user, { userId: "another-user-id", planType: "pro" }, "de");
    expect(other.status).toBe(403);
    expect((await other.json()).message).toBe("Sie können nur für Ihr eigenes Konto einen Bezahlvorgang starten.");

    const bad = await checkout(user, { userId: user.id, planType: "enterprise" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/Pro plan/);
  });

  it("runs a pro checkout to a 30-day trial with the named team, through signed events", async () => {
    const user = await started.signIn("Grace Hopper");
    expect(await view(user)).toMatchObject({ active: false, status: null, planType: "individual", isPro: false });

    const res = await checkout(user, {
      userId: user.id,
      planType: "pro",
      userEmail: user.email,
      userName: "Grace Hopper",
      teamName: "Compilers",
    });
    expect(res.status).toBe(200);
    const { id, url } = await res.json();
    expect(id).toMatch(/^cs_local_/);
    expect(url).toBe(`${started.server.url}/en/local-payments/checkout/${id}`);

    const page = await started.server.fetch(new URL(url).pathname, { headers: { cookie: user.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    const body = await page.text();
    expect(body).toContain("takes no payment");
    expect(body).toContain("Compilers");
    expect(body).toContain("Start 30-day trial");

    // Another user cannot see or confirm it; a form from another site is refused.
    const stranger = await started.signIn();
    expect((await started.server.fetch(new URL(url).pathname, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    const foreign = await started.server.fetch(new URL(url).pathname, {
      method: "POST",
      headers: { cookie: user.cookie, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(foreign.status).toBe(403);

    const done = await confirm(user, url);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${started.server.url}/en/dashboard?checkout=success`);

    const state = await view(user);
    expect(state).toMatchObject({
      active: true,
      status: "trialing",
      planType: "pro",
      isTrialing: true,
      daysLeftInTrial: 30,
      trialEnding: false,
      isPro: true,
    });

    const session = await (await started.server.fetch("/api/auth/get-session", { headers: { cookie: user.cookie } })).json();
    expect(session.user).toMatchObject({ activeSubscription: true, subscriptionStatus: "trialing" });
    expect(new Date(session.user.trialEndsAt).getTime()).toBe(new Date(state.trialEndDate).getTime());

    const teams = await (await started.server.fetch("/api/teams?kind=admin", { headers: { cookie: user.cookie } })).json();
    expect(teams).toMatchObject({ total: 1, items: [{ name: "Compilers", slug: "compilers", role: "admin" }] });

    // Confirming twice changes nothing; a second checkout is refused while subscribed.
    expect((await confirm(user, url)).status).toBe(303);
    expect((await (await started.server.fetch("/api/teams?kind=admin", { headers: { cookie: user.cookie } })).json()).total).toBe(1);
  });

  it("refuses a second checkout while a trial or a subscription runs, whatever the request asks", async () => {
    const user = await started.signIn();
    expect(await view(user)).toMatchObject({ checkoutOffer: "trial" });
    // Two checkouts opened before any subscription: the second cannot be confirmed once the first runs.
    const first = await (await checkout(user, { userId: user.id, planType: "pro" })).json();
    const stale = await (await checkout(user, { userId: user.id, planType: "pro" })).json();
    await confirm(user, first.url);
    expect(await view(user)).toMatchObject({ status: "trialing", isTrialing: true, checkoutOffer: null });

    for (const trial of [true, false, undefined]) {
      const again = await checkout(user, { userId: user.id, planType: "pro", ...(trial === undefined ? {} : { trial }) });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        message:
          "Your Pro subscription is already running (or in its free trial), so there is nothing to check out. You can manage it from the dashboard.",
        code: "subscription_running",
      });
    }
    const german = await checkout(user, { userId: user.id, planType: "pro", trial: false, teamName: "Zweites Team" }, "de");
    expect(german.status).toBe(409);
    expect(await german.json()).toMatchObject({ code: "subscription_running", message: expect.stringContaining("läuft bereits") });

    const page = await started.server.fetch(new URL(stale.url).pathname, { headers: { cookie: user.cookie } });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("already running");
    expect((await confirm(user, stale.url)).status).toBe(409);
    // The trial is untouched: one subscription, still in its trial.
    expect(await view(user)).toMatchObject({ active: true, status: "trialing", isTrialing: true, daysLeftInTrial: 30 });
    const billing = await (await started.server.fetch("/en/local-payments/billing", { headers: { cookie: user.cookie } })).text();
    expect(billing).toContain("Trial ends");
  });

  it("opens the local billing page with a bearer token; cancel asks first and keeps the plan until the period ends; resume", async () => {
    const user = await started.signIn();
    expect((await started.server.fetch("/api/create-portal-session", { method: "POST" })).status).toBe(401);
    expect(
      (await started.server.fetch("/api/create-portal-session", { method: "POST", headers: { authorization: `Bearer ${user.token}` } }))
        .status,
    ).toBe(404);

    const { url } = await (await checkout(user, { userId: user.id, planType: "pro" })).json();
    await confirm(user, url);
    const portal = await started.server.fetch("/api/create-portal-session", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "x-language": "de" },
    });
    expect(portal.status).toBe(200);
    const { url: portalUrl } = await portal.json();
    expect(portalUrl).toBe(`${started.server.url}/de/local-payments/billing`);

    const billing = await (await started.server.fetch("/de/local-payments/billing", { headers: { cookie: user.cookie } })).text();
    expect(billing).toContain("Abonnement kündigen");
    expect(billing).toContain("keine Zahlung");
    // Cancel first asks; asking changes nothing.
    const ask = await (
      await started.server.fetch("/de/local-payments/billing?confirm=cancel", { headers: { cookie: user.cookie } })
    ).text();
    expect(ask).toContain("Abonnement kündigen?");
    expect(ask).toContain("Ja, Abonnement kündigen");
    expect(ask).toContain("Abonnement behalten");
    expect(await view(user)).toMatchObject({ cancelAt: null });

    const post = (action: string) =>
      started.server.fetch("/de/local-payments/billing", {
        method: "POST",
        headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: `action=${action}`,
      });
    expect((await post("cancel")).status).toBe(303);
    const canceled = await view(user);
    expect(canceled).toMatchObject({ active: true, status: "trialing", isPro: true });
    expect(canceled.cancelAt).toBe(canceled.trialEndDate);

    await post("resume");
    expect(await view(user)).toMatchObject({ active: true, cancelAt: null });
  });

  it("offers the trial once: a returning subscriber checks out without one", async () => {
    const user = await started.signIn();
    const sub = subscriptionObject({ id: "sub_old", customer: `cus_${user.id}`, userId: user.id, status: "canceled", periodEnd: days(-1) });
    expect((await sendLocalEvent(started.server, "customer.subscription.deleted", sub)).status).toBe(200);
    expect(await view(user)).toMatchObject({ active: false, status: "canceled", planType: "pro", checkoutOffer: "paid" });
    const { url } = await (await checkout(user, { userId: user.id, planType: "pro", trial: true })).json();
    const page = await (await started.server.fetch(new URL(url).pathname, { headers: { cookie: user.cookie } })).text();
    expect(page).toContain("Subscribe to Pro");
    await confirm(user, url);
    expect(await view(user)).toMatchObject({ active: true, status: "active", isTrialing: false, daysLeftInTrial: null });
    expect((await checkout(user, { userId: user.id, planType: "pro", trial: false })).status).toBe(409);
  });

  it("verifies, deduplicates and orders the local provider's webhook events", async () => {
    const user = await started.signIn();
    const base = { id: `sub_${user.id}`, customer: `cus_${user.id}`, userId: user.id };
    const forged = await started.server.fetch("/api/webhooks/local", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
      body: JSON.stringify({
        id: "evt_x",
        type: "customer.subscription.created",
        created: 1,
        data: { object: subscriptionObject({ ...base, status: "active" }) },
      }),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: "The webhook signature is not valid.", code: "bad_signature" });
    expect((await started.server.fetch("/api/webhooks/stripe", { method: "POST", body: "{}" })).status).toBe(404);

    const now = Math.floor(Date.now() / 1000);
    const incomplete = subscriptionObject({ ...base, status: "incomplete" });
    const first = await sendLocalEvent(started.server, "customer.subscription.updated", incomplete, now, `evt_once_${user.id}`);
    expect(await first.json()).toEqual({ received: true, outcome: "processed" });
    const replay = await sendLocalEvent(started.server, "customer.subscription.updated", incomplete, now, `evt_once_${user.id}`);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    // An older event arriving late does not overwrite the newer state.
    await sendLocalEvent(
      started.server,
      "customer.subscription.created",
      subscriptionObject({ ...base, status: "trialing", trialEnd: days(30) }),
      now - 60,
    );
    expect(await view(user)).toMatchObject({ status: "incomplete", active: false });

    await sendLocalEvent(
      started.server,
      "customer.subscription.updated",
      subscriptionObject({ ...base, status: "trialing", trialEnd: days(3) }),
      now + 1,
    );
    expect(await view(user)).toMatchObject({ status: "trialing", daysLeftInTrial: 3, trialEnding: true, isExpiring: true });
  });

  it("lets only pro users create teams, with unique slugs, and pages team lists by 5", async () => {
    const individual = await started.signIn();
    const denied = await started.server.fetch("/api/teams", json({ name: "Nope" }, { cookie: individual.cookie }));
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ message: "Upgrade to Pro to create teams", code: "teams_pro_only" });
    const direct = await started.server.fetch(
      "/api/auth/organization/create",
      json({ name: "Nope", slug: "nope" }, { cookie: individual.cookie }),
    );
    expect(direct.status).toBe(403);
    expect((await direct.json()).message).toBeTruthy();

    const pro = await started.signIn();
    const { url } = await (await checkout(pro, { userId: pro.id, planType: "pro" })).json();
    await confirm(pro, url);
    const slugs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await started.server.fetch("/api/teams", json({ name: "Acme Recruiting" }, { cookie: pro.cookie }));
      expect(res.status).toBe(201);
      slugs.push((await res.json()).slug);
    }
    expect(new Set(slugs).size).toBe(6);
    expect(slugs[0]).toMatch(/^acme-recruiting/);
    const page1 = await (await started.server.fetch("/api/teams?kind=admin&page=1", { headers: { cookie: pro.cookie } })).json();
    const page2 = await (await started.server.fetch("/api/teams?kind=admin&page=2", { headers: { cookie: pro.cookie } })).json();
    expect(page1).toMatchObject({ total: 6, pageSize: 5 });
    expect(page1.items).toHaveLength(5);
    expect(page2.items).toHaveLength(1);
    expect((await started.server.fetch("/api/teams", json({ name: " " }, { cookie: pro.cookie }))).status).toBe(400);
    // German names are spelled as Germans do without umlauts.
    const german = await started.server.fetch("/api/teams", json({ name: "Müller & Partner" }, { cookie: pro.cookie }));
    expect((await german.json()).slug).toBe("mueller-partner");
  });

  it("shows invited teams to members and keeps a team's billing to its paying admin", async () => {
    const admin = await started.signIn();
    const { url } = await (await checkout(admin, { userId: admin.id, planType: "pro", teamName: "Billing Team" })).json();
    await confirm(admin, url);
    const [team] = (await (await started.server.fetch("/api/teams?kind=admin", { headers: { cookie: admin.cookie } })).json()).items;

    const member = await started.signIn();
    const invite = await started.server.fetch(
      "/api/auth/organization/invite-member",
      json({ email: member.email, role: "member", organizationId: team.id }, { cookie: admin.cookie }),
    );
    expect(invite.status).toBe(200);
    const { id: invitationId } = await invite.json();
    expect(
      (await started.server.fetch("/api/auth/organization/accept-invitation", json({ invitationId }, { cookie: member.cookie }))).status,
    ).toBe(200);

    const invited = await (await started.server.fetch("/api/teams?kind=member", { headers: { cookie: member.cookie } })).json();
    expect(invited).toMatchObject({ total: 1, items: [{ id: team.id, name: "Billing Team", role: "member" }] });
    expect((await (await started.server.fetch("/api/teams?kind=admin", { headers: { cookie: member.cookie } })).json()).total).toBe(0);

    const memberPortal = await started.server.fetch(`/api/create-portal-session?organizationId=${team.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(memberPortal.status).toBe(403);
    expect(await memberPortal.json()).toEqual({
      message: "You do not have permissions to manage billing for this organization.",
      code: "billing_permission",
    });

    const adminPortal = await started.server.fetch(`/api/create-portal-session?organizationId=${team.id}`, {
      method: "POST",
      headers: { cookie: admin.cookie },
    });
    expect(adminPortal.status).toBe(200);
  });
});

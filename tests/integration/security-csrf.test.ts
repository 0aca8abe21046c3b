import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbSnapshot, type TeamFixture, teamFixture } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { type Smtp, sendLocalEvent, subscriptionObject } from "./billing-support.js";

interface Target {
  name: string;
  /** Path and body of a request the signed-in admin's own page could send. */
  request(fx: TeamFixture): { path: string; body?: unknown; form?: string };
  /** The status the same request gets from the site itself. */
  ok: number;
}

const ORG = "/api/auth/organization";

/** State-changing routes, ours and Better Auth's; sign-out last, since the controls run in this order. */
const TARGETS: Target[] = [
  { name: "contact form", request: () => ({ path: "/api/send-contact", body: { name: "Csrf Test", email: "csrf@example.com" } }), ok: 201 },
  {
    name: "checkout",
    // The admin's subscription runs, so a same-site request reaches the one-checkout rule.
    request: (fx) => ({ path: "/api/create-checkout-session", body: { userId: fx.admin.id, planType: "pro" } }),
    ok: 409,
  },
  { name: "billing portal", request: (fx) => ({ path: `/api/create-portal-session?organizationId=${fx.team.id}` }), ok: 200 },
  { name: "team creation", request: () => ({ path: "/api/teams", body: { name: "Csrf Team" } }), ok: 201 },
  { name: "local checkout confirmation", request: (fx) => ({ path: fx.openCheckoutPath, form: "" }), ok: 409 },
  { name: "local subscription cancel", request: () => ({ path: "/en/local-payments/billing", form: "action=cancel" }), ok: 303 },
  { name: "update user", request: () => ({ path: "/api/auth/update-user", body: { name: "Mallory" } }), ok: 200 },
  {
    name: "change password",
    request: () => ({
      path: "/api/auth/change-password",
      body: { currentPassword: "correct horse battery", newPassword: "mallory's password" },
    }),
    ok: 200,
  },
  {
    name: "update team",
    request: (fx) => ({ path: `${ORG}/update`, body: { data: { name: "Pwned" }, organizationId: fx.team.id } }),
    ok: 200,
  },
  {
    name: "invite member",
    request: (fx) => ({ path: `${ORG}/invite-member`, body: { email: "mallory@example.com", role: "admin", organizationId: fx.team.id } }),
    ok: 200,
  },
  {
    name: "remove member",
    request: (fx) => ({ path: `${ORG}/remove-member`, body: { memberIdOrEmail: fx.memberId, organizationId: fx.team.id } }),
    ok: 200,
  },
  { name: "set active team", request: (fx) => ({ path: `${ORG}/set-active`, body: { organizationId: fx.team.id } }), ok: 200 },
  { name: "revoke sessions", request: () => ({ path: "/api/auth/revoke-other-sessions", body: {} }), ok: 200 },
  { name: "sign out", request: () => ({ path: "/api/auth/sign-out", body: {} }), ok: 200 },
];

describe.each(DATABASE_KINDS)("cross-site request forgery on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let fx: TeamFixture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    fx = await teamFixture(server, smtp);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** A request as a browser on another site would send it: only the headers given, no Origin added. */
  const send = (target: Target, headers: Record<string, string>) => {
    const { path, body, form } = target.request(fx);
    const init: RequestInit = { method: "POST", headers: { ...headers, cookie: fx.admin.cookie }, redirect: "manual" };
    if (form !== undefined) {
      init.headers = { ...init.headers, "content-type": "application/x-www-form-urlencoded" };
      init.body = form;
    } else if (body !== undefined) {
      init.headers = { ...init.headers, "content-type": "application/json" };
      init.body = JSON.stringify(body);
    }
    return fetch(`${server.localUrl}${path}`, init);
  };

  const attacks = (): [string, Record<string, string>][] => [
    ["another site's Origin", { origin: "https://evil.example" }],
    ["no Origin", {}],
    ['Origin "null" (sandboxed frame)', { origin: "null" }],
    ["another site's Referer without Origin", { referer: "https://evil.example/form.html" }],
    ["a look-alike host", { origin: `${server.url}.evil.example` }],
    ["another port of the same host", { origin: "http://127.0.0.1:1" }],
    ["the site's host over the other scheme", { origin: server.url.replace("http:", "https:") }],
  ];

  it.each(TARGETS.map((t) => [t.name, t] as const))("refuses a forged %s and changes nothing", async (_name, target) => {
    for (const [label, headers] of attacks()) {
      const before = await dbSnapshot(server.db);
      const res = await send(target, headers);
      expect({ attack: label, status: res.status }).toEqual({ attack: label, status: 403 });
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(typeof (await res.json()).message).toBe("string");
      expect(await dbSnapshot(server.db)).toEqual(before);
    }
  });

  it("names the refusal in the request's language", async () => {
    const res = await send(TARGETS[0] as Target, { origin: "https://evil.example", "x-language": "de" });
    expect(await res.json()).toEqual({ message: "Diese Anfrage muss von dieser Website kommen", code: "cross_site" });
  });

  it("still serves clients without cookies or origin: a script posting the contact form, a bearer token, the provider's webhook", async () => {
    const contact = await fetch(`${server.localUrl}/api/send-contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Script Sender", email: "script@example.com" }),
    });
    expect(contact.status).toBe(201);
    const portal = await fetch(`${server.localUrl}/api/create-portal-session`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.admin.token}` },
    });
    expect(portal.status).toBe(200);
    // Webhooks are authorized by their signature; the provider sends no Origin (sendLocalEvent adds ours, so send one without).
    const event = subscriptionObject({ id: "sub_csrf", customer: "cus_csrf", userId: fx.stranger.id, status: "incomplete" });
    const signed = await sendLocalEvent(
      { ...server, fetch: (path, init) => fetch(`${server.localUrl}${path}`, init) },
      "customer.subscription.updated",
      event,
    );
    expect(signed.status).toBe(200);
    // The same contact post from another site is refused even without cookies.
    const foreign = await fetch(`${server.localUrl}/api/send-contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ name: "Script Sender", email: "script@example.com" }),
    });
    expect(foreign.status).toBe(403);
  });

  it("accepts every one of these requests from the site itself", async () => {
    for (const target of TARGETS) {
      const res = await send(target, { origin: server.url });
      expect({ target: target.name, status: res.status }).toEqual({ target: target.name, status: target.ok });
    }
    const session = await fetch(`${server.localUrl}/api/auth/get-session`, { headers: { cookie: fx.admin.cookie } });
    expect(await session.json()).toBeNull();
  });
});

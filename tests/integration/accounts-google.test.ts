import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGAL_VERSION } from "../../core/legal.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { type OidcIdentity, startOidcServer } from "../support/oidc.js";
import { startTestServer, type TestServer } from "../support/server.js";

/** The name=value pairs of a response's Set-Cookie headers. */
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0] as string);

describe.each(DATABASE_KINDS)("Google sign-up and sign-in on %s", (kind) => {
  let oidc: Awaited<ReturnType<typeof startOidcServer>>;
  let server: TestServer;

  beforeAll(async () => {
    oidc = await startOidcServer();
    server = await startTestServer(kind, oidc.env);
  });
  afterAll(async () => {
    await server?.stop();
    await oidc?.stop();
  });

  /** Runs the browser's part of the redirect flow and returns where the product sends the user back to. */
  async function googleFlow(identity: OidcIdentity | null, additionalData: Record<string, unknown>) {
    const start = await server.fetch("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        provider: "google",
        callbackURL: "/en/sign-up?oauth=complete",
        errorCallbackURL: "/en/sign-up?oauth=error",
        additionalData,
      }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(oidc.issuer)).toBe(true);
    const authorize = await fetch(url, { redirect: "manual", headers: identity ? { cookie: oidc.identityCookie(identity) } : {} });
    const callback = authorize.headers.get("location") as string;
    expect(callback.startsWith(`${server.url}/api/auth/`)).toBe(true);
    const back = await server.fetch(callback.slice(server.url.length), { headers: { cookie: cookiesOf(start).join("; ") } });
    expect(back.status).toBe(302);
    const cookie = cookiesOf(back).find((c) => c.includes("session_token=")) ?? "";
    return { location: back.headers.get("location") as string, cookie };
  }

  it("a pro sign-up carries plan and team name through the redirect and gets its team", async () => {
    const identity = { email: `g-pro-${kind}@example.com`, given_name: "Margaret", family_name: "Hamilton" };
    const { location, cookie } = await googleFlow(identity, {
      planType: "pro",
      teamName: "Apollo Hiring",
      locale: "de",
      legalConsent: true,
    });
    expect(location).toBe("/en/sign-up?oauth=complete");
    const { user } = await (await server.fetch("/api/auth/get-session", { headers: { cookie } })).json();
    expect(user).toMatchObject({
      email: identity.email,
      emailVerified: true,
      firstName: "Margaret",
      lastName: "Hamilton",
      planType: "pro",
      teamName: "Apollo Hiring",
      locale: "de",
      // The wizard's agreement to the terms rides along and is recorded with the account.
      legalConsentVersion: LEGAL_VERSION,
    });
    const orgs = (await (await server.fetch("/api/auth/organization/list", { headers: { cookie } })).json()) as { name: string }[];
    expect(orgs.map((o) => o.name)).toEqual(["Apollo Hiring"]);
  });

  it("an individual sign-up gets no team, and signing in again with Google finds the same account", async () => {
    const identity = { email: `g-ind-${kind}@example.com`, given_name: "Dorothy", family_name: "Vaughan" };
    const first = await googleFlow(identity, { planType: "individual", teamName: "ignored" });
    const again = await googleFlow(identity, {});
    const a = await (await server.fetch("/api/auth/get-session", { headers: { cookie: first.cookie } })).json();
    const b = await (await server.fetch("/api/auth/get-session", { headers: { cookie: again.cookie } })).json();
    // Without the wizard's agreement the account is asked for it before the account area.
    expect(a.user).toMatchObject({ planType: "individual", teamName: null, legalConsentVersion: null });
    expect(b.user.id).toBe(a.user.id);
    expect(await (await server.fetch("/api/auth/organization/list", { headers: { cookie: first.cookie } })).json()).toEqual([]);
  });

  it("sends a refused authorization back to the error address without a session", async () => {
    const { location, cookie } = await googleFlow(null, { planType: "individual" });
    expect(location).toMatch(/^\/en\/sign-up\?oauth=error/);
    expect(cookie).toBe("");
  });

  it("tells the pages that Google sign-in is available", async () => {
    expect(await (await server.fetch("/api/auth/providers")).json()).toMatchObject({ google: true });
  });
});

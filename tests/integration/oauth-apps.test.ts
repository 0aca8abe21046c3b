import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { as } from "../support/actors.js";
import { authorize, EXTENSION_ID, extensionTokens, navigate, pkce, refresh, tokenRequest } from "../support/oauth.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const REDIRECT = "https://sourcing-tool.example/oauth/callback";

interface RegisteredApp {
  item: { clientId: string; name: string; type: string; disabled: boolean; firstParty: boolean; scopes: string[] };
  clientSecret: string | null;
}

describe("apps of others: the console, the consent and connected apps", () => {
  let smtp: Smtp;
  let server: TestServer;
  let operator: TestUser;
  let ada: TestUser;
  let ben: TestUser;

  const register = async (body: Record<string, unknown>, actor = operator) => {
    const res = await server.fetch("/api/admin/apps", json(body, as(actor)));
    expect(res.status).toBe(201);
    return (await res.json()) as RegisteredApp;
  };
  const sourcingTool = (name = "Sourcing Tool", type = "confidential") =>
    register({ name, redirectUris: [REDIRECT], scopes: ["openid", "profile", "email", "offline_access"], type });

  /** The user opens the app's authorization: the consent page's signed query, in the page's language. */
  const consentPage = async (user: TestUser, clientId: string, state = "st-1", challenge = pkce().challenge) => {
    const first = await authorize(server, user.cookie, {
      clientId,
      redirectUri: REDIRECT,
      scope: "openid profile offline_access",
      state,
      challenge,
    });
    expect(first.status).toBe(302);
    expect(first.location.pathname).toBe("/oauth/consent");
    const page = await navigate(server, `${first.location.pathname}${first.location.search}`, { "accept-language": "de" });
    expect(page.location.pathname).toBe("/de/oauth/consent");
    return page.location.search.slice(1);
  };
  const answer = (user: TestUser, accept: boolean, query: string) =>
    server.fetch("/api/auth/oauth2/consent", json({ accept, oauth_query: query }, as(user)));

  /**
   * The user allows the app, and the app exchanges the code it was sent back with, with its secret:
   * the address the browser went back to, and the token endpoint's answer.
   */
  const grant = async (user: TestUser, app: RegisteredApp, state = "st-grant") => {
    const { verifier, challenge } = pkce();
    const allowed = await answer(user, true, await consentPage(user, app.item.clientId, state, challenge));
    expect(allowed.status).toBe(200);
    const back = new URL((await allowed.json()).url);
    const code = back.searchParams.get("code") ?? "";
    return {
      back,
      tokens: await appTokens(app, { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT }),
    };
  };
  /** The app's refresh tokens not revoked, for every user. */
  const liveRefreshTokens = (app: RegisteredApp) =>
    server.db.selectFrom("oauthRefreshToken").select("id").where("clientId", "=", app.item.clientId).where("revoked", "is", null).execute();
  const appTokens = (app: RegisteredApp, form: Record<string, string>) =>
    tokenRequest(server, form, "/api/auth/oauth2/token", {
      authorization: `Basic ${Buffer.from(`${app.item.clientId}:${app.clientSecret}`).toString("base64")}`,
      origin: "https://sourcing-tool.example",
    });

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer("pglite", { SMTP_URL: smtp.url, EXTENSION_IDS: EXTENSION_ID });
    operator = await signedInUser(server, smtp, "Olga Operator");
    await setOperatorRole(server.db, operator.email, true);
    ada = await signedInUser(server, smtp, "Ada Apps");
    ben = await signedInUser(server, smtp, "Ben Apps");
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("lets only operators register, list and switch apps: a visitor gets 401, a user 403, and nothing changes", async () => {
    const before = await server.db.selectFrom("oauthClient").select("clientId").execute();
    const routes = [
      { method: "GET", path: "/api/admin/apps" },
      { method: "POST", path: "/api/admin/apps", body: { name: "X", redirectUris: [REDIRECT], scopes: ["openid"], type: "public" } },
      { method: "POST", path: "/api/admin/apps/extension/disable", body: {} },
      { method: "POST", path: "/api/admin/apps/extension/enable", body: {} },
    ];
    for (const route of routes) {
      const init = route.body ? json(route.body) : { method: route.method };
      expect((await server.fetch(route.path, init)).status, route.path).toBe(401);
      const refused = await server.fetch(route.path, route.body ? json(route.body, as(ada, { "x-language": "de" })) : { headers: as(ada) });
      expect(refused.status, route.path).toBe(403);
      expect((await refused.json()).code).toBe("operator_only");
    }
    expect(await server.db.selectFrom("oauthClient").select("clientId").execute()).toEqual(before);
  });

  it("registers a confidential app with its secret shown once and kept as a hash, and audits it", async () => {
    const app = await sourcingTool("Talent Radar");
    expect(app.item).toMatchObject({ name: "Talent Radar", type: "confidential", disabled: false, firstParty: false });
    expect(app.item.scopes).toEqual(["openid", "profile", "email", "offline_access"]);
    expect(app.clientSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const row = await server.db.selectFrom("oauthClient").selectAll().where("clientId", "=", app.item.clientId).executeTakeFirstOrThrow();
    expect(row.clientSecret).not.toContain(app.clientSecret);
    expect(row.skipConsent).toBe(false);

    const list = await (await server.fetch("/api/admin/apps", { headers: as(operator) })).json();
    expect(list.items[0]).toMatchObject({ clientId: "extension", firstParty: true, type: "public" });
    expect(list.items.find((a: { clientId: string }) => a.clientId === app.item.clientId)).toEqual({
      ...app.item,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list)).not.toContain(app.clientSecret);

    const audit = await server.db.selectFrom("audit_log").selectAll().where("targetId", "=", app.item.clientId).execute();
    expect(audit).toMatchObject([{ action: "app.create", actorId: operator.id, outcome: "success", targetLabel: "Talent Radar" }]);

    const publicApp = await sourcingTool("Browser Helper", "public");
    expect(publicApp.clientSecret).toBeNull();
  });

  it("refuses an app without a name, with an address that is not https, or with an unknown scope, registering nothing", async () => {
    const before = await server.db.selectFrom("oauthClient").select("clientId").execute();
    for (const body of [
      { name: " ", redirectUris: [REDIRECT], scopes: ["openid"], type: "public" },
      { name: "Plain", redirectUris: ["http://sourcing-tool.example/cb"], scopes: ["openid"], type: "public" },
      { name: "Fragment", redirectUris: [`${REDIRECT}#x`], scopes: ["openid"], type: "public" },
      { name: "Scopes", redirectUris: [REDIRECT], scopes: ["admin:all"], type: "public" },
      { name: "Kind", redirectUris: [REDIRECT], scopes: ["openid"], type: "trusted" },
    ]) {
      const res = await server.fetch("/api/admin/apps", json(body, as(operator, { "x-language": "de" })));
      expect(res.status, body.name).toBe(400);
      expect((await res.json()).code).toBe("invalid_app");
    }
    expect(await server.db.selectFrom("oauthClient").select("clientId").execute()).toEqual(before);
  });

  it("asks the user's consent in plain terms; Deny answers the app access_denied with its state and the issuer", async () => {
    const app = await sourcingTool();
    const query = await consentPage(ada, app.item.clientId, "st-deny");
    const view = await server.fetch(
      `/api/account/consent/${app.item.clientId}?scope=${encodeURIComponent("openid profile offline_access admin")}`,
      {
        headers: as(ada),
      },
    );
    expect(await view.json()).toEqual({
      clientId: app.item.clientId,
      name: "Sourcing Tool",
      scopes: ["openid", "profile", "offline_access"],
    });
    expect((await server.fetch(`/api/account/consent/${app.item.clientId}`)).status).toBe(401);

    const denied = await answer(ada, false, query);
    expect(denied.status).toBe(200);
    const back = new URL((await denied.json()).url);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st-deny");
    expect(back.searchParams.get("iss")).toBe(server.url);
    expect(back.searchParams.get("code")).toBeNull();
    expect(await server.db.selectFrom("oauthConsent").select("id").where("userId", "=", ada.id).execute()).toEqual([]);
  });

  it("Allow answers a code the app exchanges with its secret; the consent is remembered for the next sign-in", async () => {
    const app = await sourcingTool();
    const { back, tokens } = await grant(ada, app, "st-allow");
    expect(back.searchParams.get("state")).toBe("st-allow");
    expect(back.searchParams.get("iss")).toBe(server.url);
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(tokens.status).toBe(200);
    const granted = await tokens.json();
    expect(granted).toMatchObject({ refresh_token: expect.any(String), scope: "openid profile offline_access" });
    // Only the app itself, with its secret, renews the access.
    for (const credentials of [`${app.item.clientId}:not-the-secret`, `${app.item.clientId}:`]) {
      const refused = await tokenRequest(server, { grant_type: "refresh_token", refresh_token: granted.refresh_token }, undefined, {
        authorization: `Basic ${Buffer.from(credentials).toString("base64")}`,
      });
      expect(refused.status).toBe(401);
    }

    const again = await authorize(server, ada.cookie, {
      clientId: app.item.clientId,
      redirectUri: REDIRECT,
      scope: "openid profile",
      state: "st-2",
    });
    expect(`${again.location.origin}${again.location.pathname}`).toBe(REDIRECT);
    expect(again.location.searchParams.get("code")).toBeTruthy();
  });

  it("refuses an answer whose signed query was changed", async () => {
    const app = await sourcingTool();
    const query = new URLSearchParams(await consentPage(ada, app.item.clientId));
    query.set("redirect_uri", "https://attacker.example/cb");
    const res = await answer(ada, false, query.toString());
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).not.toContain("attacker");
  });

  it("disabling an app ends its refresh tokens at once and refuses its authorizations and refreshes; the extension is not switched", async () => {
    const app = await sourcingTool("Risky Tool");
    const tokens = await (await grant(ada, app)).tokens.json();
    const disabled = await server.fetch(`/api/admin/apps/${app.item.clientId}/disable`, { method: "POST", headers: as(operator) });
    expect(disabled.status).toBe(200);

    const refused = await appTokens(app, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "invalid_client", error_description: "client is disabled" });
    const live = await liveRefreshTokens(app);
    expect(live).toEqual([]);

    // A new authorization is refused on our page, in the visitor's language; the app gets no code.
    const attempt = await authorize(server, ada.cookie, { clientId: app.item.clientId, redirectUri: REDIRECT, state: "st-x" });
    expect(attempt.location.origin).toBe(server.url);
    const page = await navigate(server, `${attempt.location.pathname}${attempt.location.search}`, { "accept-language": "de" });
    expect(`${page.location.pathname}${page.location.search}`).toBe("/de/oauth/consent?error=client_disabled");
    const view = await server.fetch(`/api/account/consent/${app.item.clientId}`, { headers: as(ada, { "x-language": "de" }) });
    expect(view.status).toBe(403);
    expect(await view.json()).toEqual({ code: "app_disabled", message: "Diese App wurde von den Betreibern der Website abgeschaltet." });

    const list = await (await server.fetch("/api/admin/apps", { headers: as(operator) })).json();
    expect(list.items.find((a: { clientId: string }) => a.clientId === app.item.clientId).disabled).toBe(true);
    const extension = await server.fetch("/api/admin/apps/extension/disable", { method: "POST", headers: as(operator) });
    expect(extension.status).toBe(409);
    expect((await extension.json()).code).toBe("app_configured");
    expect((await server.fetch("/api/admin/apps/no-such-app/disable", { method: "POST", headers: as(operator) })).status).toBe(404);

    // Turned on again, it starts without access: the user is asked again.
    expect((await server.fetch(`/api/admin/apps/${app.item.clientId}/enable`, { method: "POST", headers: as(operator) })).status).toBe(200);
    await consentPage(ada, app.item.clientId);
    const audit = await server.db
      .selectFrom("audit_log")
      .select("action")
      .where("targetId", "=", app.item.clientId)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["app.create", "app.disable", "app.enable"]);
  });

  it("lists the user's connected apps with their scopes; Disconnect ends that user's access at once and no one else's", async () => {
    const adaTokens = await extensionTokens(server, ada.cookie);
    const benTokens = await extensionTokens(server, ben.cookie, "openid profile offline_access");
    const app = await sourcingTool("Pipeline Sync");
    const synced = await (await grant(ada, app)).tokens.json();

    const listed = await (await server.fetch("/api/account/connected-apps", { headers: as(ben) })).json();
    expect(listed.items).toEqual([
      {
        clientId: "extension",
        name: "Recruiting CRM extension",
        scopes: expect.arrayContaining(["openid", "profile", "offline_access"]),
        grantedAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    const adas = await (await server.fetch("/api/account/connected-apps", { headers: as(ada) })).json();
    expect(adas.items.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(["Recruiting CRM extension", "Pipeline Sync"]));

    // Ben disconnects the extension: his access ends, Ada's goes on.
    expect((await server.fetch("/api/account/connected-apps/extension/disconnect", { method: "POST", headers: as(ben) })).status).toBe(200);
    expect((await refresh(server, benTokens.refresh_token)).status).toBe(400);
    const adaRenewed = await refresh(server, adaTokens.refresh_token);
    expect(adaRenewed.status).toBe(200);
    // Ben cannot reach Ada's connection to the other app: it is not his.
    const foreign = await server.fetch(`/api/account/connected-apps/${app.item.clientId}/disconnect`, {
      method: "POST",
      headers: as(ben, { "x-language": "de" }),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: "app_not_connected", message: "Diese App hat keinen Zugriff auf Ihr Konto." });
    expect((await appTokens(app, { grant_type: "refresh_token", refresh_token: synced.refresh_token })).status).toBe(200);

    // Ada disconnects the other app: its refresh token is dead and the next authorization asks again.
    const latest = await liveRefreshTokens(app);
    expect(latest.length).toBeGreaterThan(0);
    expect(
      (await server.fetch(`/api/account/connected-apps/${app.item.clientId}/disconnect`, { method: "POST", headers: as(ada) })).status,
    ).toBe(200);
    const live = await liveRefreshTokens(app);
    expect(live).toEqual([]);
    await consentPage(ada, app.item.clientId);
    const after = await (await server.fetch("/api/account/connected-apps", { headers: as(ada) })).json();
    const still = after.items.map((a: { clientId: string }) => a.clientId);
    expect(still).toContain("extension");
    expect(still).not.toContain(app.item.clientId);
    expect((await server.fetch("/api/account/connected-apps")).status).toBe(401);
  });
});

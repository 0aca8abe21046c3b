import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fakeChrome, REFERENCE_EXTENSION_ID } from "../../tests/support/fake-chrome.js";
import { createAuth, SignedOut, SignInFailed } from "./auth.js";
import { popupStates } from "./popup-state.js";

const SERVER = "https://crm.example";
const REDIRECT = `https://${REFERENCE_EXTENSION_ID}.chromiumapp.org/oauth`;
const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * The authorization server as the extension sees it, in memory: codes bound to their PKCE
 * challenge, refresh tokens that rotate, revocation, and an API that takes its access tokens.
 */
function fakeServer() {
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const requests: { path: string; form: URLSearchParams }[] = [];
  let issued = 0;
  let offline = false;

  const issue = () => {
    issued++;
    const pair = { access_token: `at-${issued}`, refresh_token: `rt-${issued}`, expires_in: 600, token_type: "Bearer" };
    accessTokens.add(pair.access_token);
    refreshTokens.add(pair.refresh_token);
    return Response.json(pair);
  };
  const refused = (error: string, status = 400) => Response.json({ error }, { status });

  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (offline) throw new TypeError("fetch failed");
    // The server refuses a request from the extension's origin that carries the site's cookies.
    if (init.credentials !== "omit") return Response.json({ message: "Invalid origin" }, { status: 403 });
    const url = new URL(String(input));
    const form = new URLSearchParams(String(init.body ?? ""));
    requests.push({ path: url.pathname, form });
    // Concurrent requests overlap, as they do over a network.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url.pathname === "/api/auth/oauth2/token") {
      if (form.get("client_id") !== "extension") return refused("invalid_client", 401);
      if (form.get("grant_type") === "authorization_code") {
        const challenge = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!challenge || sha256(form.get("code_verifier") ?? "") !== challenge || form.get("redirect_uri") !== REDIRECT)
          return refused("invalid_grant");
        return issue();
      }
      const token = form.get("refresh_token") ?? "";
      if (!refreshTokens.delete(token)) return refused("invalid_grant");
      return issue();
    }
    if (url.pathname === "/api/auth/oauth2/revoke") {
      refreshTokens.delete(form.get("token") ?? "");
      return new Response(null, { status: 200 });
    }
    const bearer = new Headers(init.headers).get("authorization")?.replace(/^Bearer /, "") ?? "";
    if (!accessTokens.has(bearer)) return Response.json({ code: "invalid_token" }, { status: 401 });
    if (url.pathname === "/api/v1/me") return Response.json({ id: "u1", email: "ada@example.com", name: "Ada" });
    if (url.pathname === "/api/v1/entitlements") return Response.json({ plan: "pro", status: "active", teams: [] });
    return new Response(null, { status: 404 });
  };

  /** The authorization page: a signed-in user is sent straight back with a code for the challenge. */
  const authorize = async (address: string, answer: (params: URLSearchParams) => Record<string, string> = () => ({})) => {
    const params = new URL(address).searchParams;
    const code = `code-${codes.size + 1}`;
    codes.set(code, params.get("code_challenge") ?? "");
    const redirect = new URL(params.get("redirect_uri") ?? "");
    redirect.search = new URLSearchParams({ code, state: params.get("state") ?? "", iss: SERVER, ...answer(params) }).toString();
    return redirect.href;
  };

  return {
    fetch,
    authorize,
    requests,
    refreshTokens,
    accessTokens,
    setOffline: (value: boolean) => {
      offline = value;
    },
  };
}

function setup(answer?: (params: URLSearchParams) => Record<string, string>) {
  const server = fakeServer();
  const launched: string[] = [];
  const browser = fakeChrome(async (url) => {
    launched.push(url);
    return server.authorize(url, answer);
  });
  let now = Date.parse("2026-11-29T10:00:00Z");
  const auth = createAuth({ chrome: browser.chrome, server: SERVER, fetch: server.fetch, now: () => now });
  const advance = (ms: number) => {
    now += ms;
  };
  const tokenRequests = () => server.requests.filter((r) => r.path === "/api/auth/oauth2/token");
  return { server, browser, auth, launched, advance, tokenRequests };
}

describe("the extension's sign-in", () => {
  it("asks for a code with PKCE S256 at the server's authorization address and proves it with the verifier", async () => {
    const { auth, launched, tokenRequests } = setup();
    await auth.signIn();
    const url = new URL(launched[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${SERVER}/api/auth/oauth2/authorize`);
    const params = url.searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      response_type: "code",
      client_id: "extension",
      redirect_uri: REDIRECT,
      scope: "openid profile email offline_access entitlements:read teams:read",
      code_challenge_method: "S256",
    });
    expect(params.get("state")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const exchange = tokenRequests()[0]?.form as URLSearchParams;
    const verifier = exchange.get("code_verifier") ?? "";
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("code_challenge")).toBe(sha256(verifier));
    expect(exchange.get("grant_type")).toBe("authorization_code");
    expect(exchange.get("redirect_uri")).toBe(REDIRECT);

    // A new sign-in, a new verifier and state.
    await auth.signIn();
    expect(new URL(launched[1] as string).searchParams.get("state")).not.toBe(params.get("state"));
    expect(tokenRequests()[1]?.form.get("code_verifier")).not.toBe(verifier);
  });

  it("keeps the access token in session storage and only the refresh token on disk", async () => {
    const { auth, browser } = setup();
    await auth.signIn();
    expect(Object.fromEntries(browser.session)).toEqual({ accessToken: "at-1", accessTokenExpiresAt: Date.parse("2026-11-29T10:10:00Z") });
    expect(Object.fromEntries(browser.local)).toEqual({ refreshToken: "rt-1" });
    expect(await auth.api("/me")).toMatchObject({ email: "ada@example.com" });
  });

  it("takes no answer of another request or another server, nor a refusal, and stores nothing", async () => {
    for (const answer of [
      () => ({ state: "someone-elses" }),
      () => ({ iss: "https://evil.example" }),
      (p: URLSearchParams) => ({ code: "", error: "access_denied", state: p.get("state") ?? "" }),
    ]) {
      const { auth, browser, tokenRequests } = setup(answer);
      await expect(auth.signIn()).rejects.toBeInstanceOf(SignInFailed);
      expect(tokenRequests()).toEqual([]);
      expect(browser.session.size + browser.local.size).toBe(0);
    }
  });

  it("refreshes once for all callers that find the access token expired, and keeps the rotated refresh token", async () => {
    const { auth, browser, advance, tokenRequests, server } = setup();
    await auth.signIn();
    advance(10 * 60_000);
    const tokens = await Promise.all([auth.accessToken(), auth.accessToken(), auth.api("/me"), auth.api("/entitlements")]);
    const refreshes = tokenRequests().filter((r) => r.form.get("grant_type") === "refresh_token");
    expect(refreshes.map((r) => r.form.get("refresh_token"))).toEqual(["rt-1"]);
    expect(tokens.slice(0, 2)).toEqual(["at-2", "at-2"]);
    expect(browser.local.get("refreshToken")).toBe("rt-2");
    expect(server.refreshTokens.has("rt-1")).toBe(false);

    // The next expiry sends the rotated token, not the first one.
    advance(10 * 60_000);
    expect(await auth.accessToken()).toBe("at-3");
    expect(tokenRequests().at(-1)?.form.get("refresh_token")).toBe("rt-2");
  });

  it("uses a still-valid access token without asking the server", async () => {
    const { auth, advance, tokenRequests } = setup();
    await auth.signIn();
    advance(9 * 60_000);
    expect(await auth.accessToken()).toBe("at-1");
    // Within 30 s of its end it counts as expired.
    advance(31_000);
    expect(await auth.accessToken()).toBe("at-2");
    expect(tokenRequests()).toHaveLength(2);
  });

  it("gets a new access token once when the API refuses one before its expiry", async () => {
    const { auth, server, tokenRequests } = setup();
    await auth.signIn();
    server.accessTokens.delete("at-1");
    expect(await auth.api("/me")).toMatchObject({ id: "u1" });
    expect(tokenRequests()).toHaveLength(2);
  });

  it("signs out by revoking the refresh token and forgetting both tokens", async () => {
    const { auth, browser, server } = setup();
    await auth.signIn();
    await auth.signOut();
    const revocation = server.requests.find((r) => r.path === "/api/auth/oauth2/revoke")?.form;
    expect(Object.fromEntries(revocation ?? [])).toEqual({ token: "rt-1", token_type_hint: "refresh_token", client_id: "extension" });
    expect(server.refreshTokens.size).toBe(0);
    expect(browser.session.size + browser.local.size).toBe(0);
    await expect(auth.api("/me")).rejects.toBeInstanceOf(SignedOut);
  });

  it("is signed out when the server refuses the refresh token (expired or revoked), and says so to the popup", async () => {
    const { auth, browser, advance, server } = setup();
    const answer = popupStates(auth);
    await auth.signIn();
    expect(await answer({ type: "status" })).toMatchObject({ view: "signedIn", me: { name: "Ada" }, entitlements: { plan: "pro" } });
    server.refreshTokens.clear();
    advance(11 * 60_000);
    expect(await answer({ type: "status" })).toEqual({ view: "signedOut" });
    expect(browser.session.size + browser.local.size).toBe(0);
  });

  it("stays signed in when the server cannot be reached, and shows it", async () => {
    const { auth, browser, advance, server } = setup();
    const answer = popupStates(auth);
    await auth.signIn();
    advance(11 * 60_000);
    server.setOffline(true);
    expect(await answer({ type: "status" })).toEqual({ view: "unreachable" });
    expect(browser.local.get("refreshToken")).toBe("rt-1");
    server.setOffline(false);
    expect(await answer({ type: "status" })).toMatchObject({ view: "signedIn" });
  });

  it("answers the popup's sign-in and sign-out, and ignores other messages", async () => {
    const { auth, server } = setup();
    const answer = popupStates(auth);
    expect(await answer({ type: "status" })).toEqual({ view: "signedOut" });
    expect(await answer({ type: "signIn" })).toMatchObject({ view: "signedIn" });
    expect(await answer({ type: "signOut" })).toEqual({ view: "signedOut" });
    expect(server.refreshTokens.size).toBe(0);
    expect(await answer({ type: "somethingElse" })).toBeUndefined();
    expect(await answer("signIn")).toBeUndefined();
  });
});

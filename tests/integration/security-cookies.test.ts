import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNED_IN_COOKIE } from "../../core/signed-in-hint.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser } from "./billing-support.js";

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

/** Parses every Set-Cookie header of a response; attribute names lower-cased. */
function setCookies(res: Response): SetCookie[] {
  return res.headers.getSetCookie().map((header) => {
    const [pair = "", ...attrs] = header.split(";").map((p) => p.trim());
    const eq = pair.indexOf("=");
    const attributes = new Map(
      attrs.map((a) => {
        const i = a.indexOf("=");
        return i === -1 ? [a.toLowerCase(), ""] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
      }),
    );
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
  });
}

const PASSWORD = "correct horse battery";

describe.each(DATABASE_KINDS)("session cookie flags on %s", (kind) => {
  let smtp: Smtp;
  const servers: Record<"http" | "https", TestServer | undefined> = { http: undefined, https: undefined };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // The https one sits behind a TLS-terminating proxy: its public address is https, it listens on plain http.
    [servers.http, servers.https] = await Promise.all([
      startTestServer(kind, { SMTP_URL: smtp.url }),
      startTestServer(kind, { SMTP_URL: smtp.url, BASE_URL: "https://crm.example" }),
    ]);
  });
  afterAll(async () => {
    await servers.http?.stop();
    await servers.https?.stop();
    await smtp?.close();
  });

  describe.each(["http", "https"] as const)("with an %s BASE_URL", (scheme) => {
    const secure = scheme === "https";
    const server = () => servers[scheme] as TestServer;

    /**
     * Every cookie Better Auth sets is a session secret: all of them must carry the same protection.
     * The signed-in hint beside them is the one the page's script reads; it holds no secret.
     */
    function expectProtected(cookie: SetCookie) {
      if (cookie.name === SIGNED_IN_COOKIE) return expectHint(cookie);
      expect(cookie.name.startsWith("__Secure-")).toBe(secure);
      expect(cookie.attributes.has("httponly")).toBe(true);
      expect(cookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
      expect(cookie.attributes.get("path")).toBe("/");
      expect(cookie.attributes.has("secure")).toBe(secure);
      expect(cookie.attributes.has("domain")).toBe(false);
    }

    function expectHint(cookie: SetCookie) {
      expect(cookie.value === "" || cookie.value === "1").toBe(true);
      expect(cookie.attributes.has("httponly")).toBe(false);
      expect(cookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
      expect(cookie.attributes.get("path")).toBe("/");
      expect(cookie.attributes.has("secure")).toBe(secure);
    }

    it("sets the session cookie HttpOnly, SameSite=Lax, Path=/, and Secure with the __Secure- prefix only under https", async () => {
      const user = await signedInUser(server(), smtp);
      const res = await server().fetch("/api/auth/sign-in/email", json({ email: user.email, password: PASSWORD }));
      expect(res.status).toBe(200);
      const cookies = setCookies(res);
      const session = cookies.find((c) => c.name.endsWith("better-auth.session_token"));
      expect(session?.name).toBe(secure ? "__Secure-better-auth.session_token" : "better-auth.session_token");
      expect(Number(session?.attributes.get("max-age"))).toBeGreaterThan(0);
      for (const cookie of cookies) expectProtected(cookie);
      // The hint that tells the public pages to offer the dashboard lives exactly as long.
      const hint = cookies.find((c) => c.name === SIGNED_IN_COOKIE);
      expect(hint?.value).toBe("1");
      expect(hint?.attributes.get("max-age")).toBe(session?.attributes.get("max-age"));

      // The cookie works as set, and signing out clears it with the same flags.
      const cookie = `${session?.name}=${session?.value}`;
      const me = await (await server().fetch("/api/auth/get-session", { headers: { cookie } })).json();
      expect(me.user.email).toBe(user.email);
      const out = await server().fetch("/api/auth/sign-out", json({}, { cookie }));
      expect(out.status).toBe(200);
      const cleared = setCookies(out).find((c) => c.name === session?.name);
      expect(cleared?.value).toBe("");
      expect(cleared?.attributes.get("max-age")).toBe("0");
      for (const c of setCookies(out)) expectProtected(c);
      const hintCleared = setCookies(out).find((c) => c.name === SIGNED_IN_COOKIE);
      expect(hintCleared?.value).toBe("");
      expect(hintCleared?.attributes.get("max-age")).toBe("0");
    });

    it("sets the same flags on the session a verified code starts", async () => {
      const email = `cookie-${scheme}-${crypto.randomUUID()}@example.com`;
      await server().fetch("/api/auth/sign-up/email", json({ name: "Cookie Check", email, password: PASSWORD, legalConsent: true }));
      const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email)).text)?.[1];
      const verify = await server().fetch("/api/auth/email-otp/verify-email", json({ email, otp: code }));
      expect(verify.status).toBe(200);
      const cookies = setCookies(verify);
      expect(cookies.some((c) => c.name.endsWith("session_token"))).toBe(true);
      expect(cookies.find((c) => c.name === SIGNED_IN_COOKIE)?.value).toBe("1");
      for (const cookie of cookies) expectProtected(cookie);
    });

    it("does not accept the other scheme's cookie name", async () => {
      const user = await signedInUser(server(), smtp);
      const [name = "", value = ""] = user.cookie.split("=");
      const other = secure ? name.replace(/^__Secure-/, "") : `__Secure-${name}`;
      expect(await (await server().fetch("/api/auth/get-session", { headers: { cookie: `${other}=${value}` } })).json()).toBeNull();
    });

    it("clears the signed-in hint when a stale session cookie is refused, and sets none for a visitor without a session", async () => {
      // A session signed out elsewhere: its cookie is still in this browser, beside the hint.
      const user = await signedInUser(server(), smtp);
      expect((await server().fetch("/api/auth/sign-out", json({}, { cookie: user.cookie }))).status).toBe(200);
      const stale = await server().fetch("/api/auth/get-session", { headers: { cookie: `${user.cookie}; ${SIGNED_IN_COOKIE}=1` } });
      expect(await stale.json()).toBeNull();
      const session = setCookies(stale).find((c) => c.name === user.cookie.split("=")[0]);
      const hint = setCookies(stale).find((c) => c.name === SIGNED_IN_COOKIE);
      expect(session?.value).toBe("");
      expect(hint?.value).toBe("");
      expect(hint?.attributes.get("max-age")).toBe("0");
      // A visitor without any cookie gets no cookie at all.
      const anonymous = await server().fetch("/api/auth/get-session");
      expect(anonymous.headers.getSetCookie()).toEqual([]);
    });
  });
});

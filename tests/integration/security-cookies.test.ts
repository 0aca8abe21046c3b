import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

    /** Every cookie Better Auth sets is a session secret: all of them must carry the same protection. */
    function expectProtected(cookie: SetCookie) {
      expect(cookie.name.startsWith("__Secure-")).toBe(secure);
      expect(cookie.attributes.has("httponly")).toBe(true);
      expect(cookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
      expect(cookie.attributes.get("path")).toBe("/");
      expect(cookie.attributes.has("secure")).toBe(secure);
      expect(cookie.attributes.has("domain")).toBe(false);
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
    });

    it("sets the same flags on the session a verified code starts", async () => {
      const email = `cookie-${scheme}-${crypto.randomUUID()}@example.com`;
      await server().fetch("/api/auth/sign-up/email", json({ name: "Cookie Check", email, password: PASSWORD, legalConsent: true }));
      const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email)).text)?.[1];
      const verify = await server().fetch("/api/auth/email-otp/verify-email", json({ email, otp: code }));
      expect(verify.status).toBe(200);
      const cookies = setCookies(verify);
      expect(cookies.some((c) => c.name.endsWith("session_token"))).toBe(true);
      for (const cookie of cookies) expectProtected(cookie);
    });

    it("does not accept the other scheme's cookie name", async () => {
      const user = await signedInUser(server(), smtp);
      const [name = "", value = ""] = user.cookie.split("=");
      const other = secure ? name.replace(/^__Secure-/, "") : `__Secure-${name}`;
      expect(await (await server().fetch("/api/auth/get-session", { headers: { cookie: `${other}=${value}` } })).json()).toBeNull();
    });
  });
});

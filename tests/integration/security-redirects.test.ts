import { request } from "node:http";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { json } from "./billing-support.js";

/** Targets a browser would read as another host, or as script. */
const HOSTILE_TARGETS = [
  "https://evil.example",
  "https://evil.example/en/dashboard",
  "//evil.example",
  "//evil.example/en/dashboard",
  "/\\evil.example",
  "\\\\evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "%2F%2Fevil.example",
  "https:evil.example",
  "javascript:alert(document.cookie)",
  "data:text/html,<script>alert(1)</script>",
];

/** A GET sent byte for byte, without the path normalisation fetch() applies. */
function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, method: "GET", headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(DATABASE_KINDS)("open redirects on %s", (kind) => {
  const started = serverWithMail(kind, {}, { oidc: true });

  /** Where a browser would go with this Location: it must be this site. */
  const expectOnSite = (location: string | undefined | null) => {
    expect(location).toBeTruthy();
    expect(new URL(location as string, started.server.url).origin).toBe(started.server.url);
  };

  it.each([
    "//evil.example/",
    "/\\evil.example/",
    "///evil.example/",
    "//evil.example/en/",
    "/\\/evil.example/",
    "/%2F%2Fevil.example/",
    "/%5C%5Cevil.example/",
    "//evil.example/local-payments/billing",
    "/%2F%2Fevil.example/local-payments/billing",
    "/?next=//evil.example",
    // Browsers drop tabs and line breaks anywhere in a URL: decoded, these would read as //evil.example.
    "/%09/evil.example/",
    "/%0A/evil.example/",
    "/%0D%0A/evil.example/",
    "/%09%2F/evil.example/",
    "/%0D%0ASet-Cookie:%20session=x/",
  ])("keeps the page redirect of %s on this site", async (path) => {
    const res = await rawGet(started.server.localUrl, path);
    // Node's HTTP parser already refuses a raw backslash (400); the rest are redirects or a 404 page.
    if (res.status >= 300 && res.status < 400) {
      expectOnSite(res.location);
      // The target keeps the request's own spelling: nothing a browser would strip or split.
      expect(res.location).toMatch(/^\/(?![/\\])\S*$/);
    } else expect([400, 404]).toContain(res.status);
  });

  it("keeps every redirect of arbitrary hostile paths on this site", async () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "%2F",
      "%2f",
      "%5C",
      "%09",
      "%0A",
      "%0D",
      "evil.example",
      "@evil.example",
      "en",
      "de",
      ".",
      "..",
      "https:",
      "sign-in",
      "local-payments",
      "billing",
      "?next=//evil.example",
      "#",
      ";",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 8 }), async (pieces) => {
        const path = `/${pieces.join("")}`;
        const res = await rawGet(started.server.localUrl, path);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 300 && res.status < 400) expectOnSite(res.location);
      }),
      { numRuns: 150 },
    );
  });

  it("refuses hostile Google callback URLs and accepts the site's own", async () => {
    const start = (urls: Record<string, string>) =>
      started.server.fetch("/api/auth/sign-in/social", json({ provider: "google", callbackURL: "/en/dashboard", ...urls }));
    for (const target of HOSTILE_TARGETS) {
      for (const field of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
        const res = await start({ [field]: target });
        expect({ field, target, status: res.status }).toEqual({ field, target, status: 403 });
        expect(res.headers.get("location")).toBeNull();
      }
    }
    const ok = await start({ errorCallbackURL: "/en/sign-in?oauth=error" });
    expect(ok.status).toBe(200);
    const { url } = await ok.json();
    expect(url.startsWith(started.oidc.issuer)).toBe(true);

    // A refused sign-in at the provider comes back to the site's own error page.
    const authorize = await fetch(url, { redirect: "manual" });
    const callback = authorize.headers.get("location") as string;
    const cookies = ok.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const back = await started.server.fetch(new URL(callback).pathname + new URL(callback).search, { headers: { cookie: cookies } });
    expect(back.status).toBe(302);
    expectOnSite(back.headers.get("location"));
    expect(back.headers.get("location")).toMatch(/^\/en\/sign-in\?oauth=error/);
  });

  it("refuses hostile callback URLs on e-mail sign-up and sign-in, creating nothing", async () => {
    for (const target of HOSTILE_TARGETS) {
      const email = `redirect-${crypto.randomUUID()}@example.com`;
      const signUp = await started.server.fetch(
        "/api/auth/sign-up/email",
        json({ name: "Red Irect", email, password: "correct horse battery", callbackURL: target, legalConsent: true }),
      );
      expect({ target, status: signUp.status }).toEqual({ target, status: 403 });
      expect(await started.server.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
      const signIn = await started.server.fetch(
        "/api/auth/sign-in/email",
        json({ email, password: "correct horse battery", callbackURL: target }),
      );
      expect({ target, status: signIn.status }).toEqual({ target, status: 403 });
    }
  });

  it("never sends a verification or reset link to another host", async () => {
    for (const target of HOSTILE_TARGETS) {
      const query = `callbackURL=${encodeURIComponent(target)}`;
      for (const path of [`/api/auth/verify-email?token=forged&${query}`, `/api/auth/reset-password/forged?${query}`]) {
        const res = await started.server.fetch(path);
        if (res.status >= 300 && res.status < 400) expectOnSite(res.headers.get("location"));
        else expect({ path, status: res.status }).toEqual({ path, status: 403 });
      }
    }
  });

  it("builds checkout, portal and return URLs from the configured address only", async () => {
    const user = await started.signIn();
    const spoofed = {
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      forwarded: "host=evil.example",
      "x-language": "//evil.example",
    };
    const body = {
      userId: user.id,
      planType: "pro",
      successUrl: "https://evil.example/success",
      cancelUrl: "https://evil.example/cancel",
      returnUrl: "https://evil.example/return",
      redirectTo: "https://evil.example",
    };
    const checkout = await started.server.fetch("/api/create-checkout-session", json(body, { cookie: user.cookie, ...spoofed }));
    expect(checkout.status).toBe(200);
    const { url } = await checkout.json();
    expect(new URL(url).origin).toBe(started.server.url);
    const stored = await started.server.db
      .selectFrom("local_checkout_session")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(new URL(stored.success_url).origin).toBe(started.server.url);
    expect(new URL(stored.cancel_url).origin).toBe(started.server.url);

    // The Host header itself is not trusted either.
    const page = await rawGet(started.server.localUrl, new URL(url).pathname, { host: "evil.example", cookie: user.cookie });
    expect(page.status).toBe(200);
    const done = await started.server.fetch(new URL(url).pathname, {
      method: "POST",
      headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded", ...spoofed },
      body: "successUrl=https%3A%2F%2Fevil.example",
    });
    expect(done.status).toBe(303);
    expectOnSite(done.headers.get("location"));

    const portal = await started.server.fetch("/api/create-portal-session?returnUrl=https%3A%2F%2Fevil.example", {
      method: "POST",
      headers: { cookie: user.cookie, ...spoofed },
    });
    expect(portal.status).toBe(200);
    expect(new URL((await portal.json()).url).origin).toBe(started.server.url);
    // A finished checkout opened again goes back to the stored address.
    expectOnSite((await rawGet(started.server.localUrl, new URL(url).pathname, { cookie: user.cookie })).location);
  });
});

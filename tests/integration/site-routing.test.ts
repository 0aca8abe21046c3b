import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../core/languages.js";
import { APP_SHELL_PAGES, localizedPath, PAGES } from "../../core/pages.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer("pglite");
});
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) => server.fetch(path, { headers });

describe("language redirects", () => {
  it("sends / to English by default", async () => {
    const res = await get("/");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en");
  });

  it("sends / to the browser's language", async () => {
    const res = await get("/", { "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(res.headers.get("location")).toBe("/de");
  });

  it("prefers the language cookie over the browser's language", async () => {
    const res = await get("/", { cookie: "lang=de", "accept-language": "en" });
    expect(res.headers.get("location")).toBe("/de");
  });

  it("keeps the query string", async () => {
    const res = await get("/?utm_source=newsletter");
    expect(res.headers.get("location")).toBe("/en?utm_source=newsletter");
  });

  it.each(["privacy-policy", "imprint", "terms", "sign-up", "sign-in", "dashboard"])("sends /%s to /en/%s permanently", async (page) => {
    const res = await get(`/${page}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/en/${page}`);
  });

  it("removes a trailing slash", async () => {
    const res = await get("/de/terms/");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/de/terms");
  });
});

describe("prerendered pages", () => {
  it("answers a page the same whichever way its path is written", async () => {
    const plain = await get("/en/privacy-policy?ref=mail");
    const encoded = await get("/en/privacy%2Dpolicy");
    expect([plain.status, encoded.status]).toEqual([200, 200]);
    expect(encoded.headers.get("etag")).toBe(plain.headers.get("etag"));
    expect(encoded.headers.get("content-security-policy")).toBe(plain.headers.get("content-security-policy"));
  });

  it.each([
    ["/en/sign-in", "Sign in", "E-mail or username"],
    ["/de/sign-in", "Anmelden", "E-Mail oder Benutzername"],
  ])("%s carries its form, with the controls disabled until the page is interactive", async (path, heading, label) => {
    const html = await (await get(path)).text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(html).toContain(`>${label}</label>`);
    expect(html).toMatch(/<form[^>]*><fieldset disabled=""/);
  });

  it.each([
    ["/en", "en", "LinkedIn to CRM integration for recruiters"],
    ["/de", "de", "LinkedIn-CRM-Integration für Recruiter"],
    ["/en/privacy-policy", "en", "Privacy policy"],
    ["/de/privacy-policy", "de", "Datenschutzerklärung"],
    ["/en/terms", "en", "Terms of service"],
    ["/de/terms", "de", "Nutzungsbedingungen"],
    ["/en/imprint", "en", "Legal notice"],
    ["/de/imprint", "de", "Impressum"],
  ])("%s is static HTML in %s with its title", async (path, lang, title) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toMatch(new RegExp(`<title>${title}[^<]*</title>`));
  });

  it("serves the account routes in both languages, not indexed", async () => {
    for (const path of ["/en/sign-up", "/de/sign-in", "/en/forgot-password", "/de/dashboard"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it("marks the landing page indexable and legal pages noindex", async () => {
    expect(await (await get("/en")).text()).toContain('<meta name="robots" content="index, follow"/>');
    expect(await (await get("/en/terms")).text()).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it("puts the configured origin into canonical and hreflang links", async () => {
    const html = await (await get("/de")).text();
    expect(html).toContain(`<link rel="canonical" href="${server.url}/de"/>`);
    expect(html).toContain(`hrefLang="x-default" href="${server.url}/en"`);
    expect(html).not.toContain("site-origin.invalid");
  });

  it("answers a repeated request with 304 when the ETag matches", async () => {
    const first = await get("/en");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const second = await get("/en", { "if-none-match": etag as string });
    expect(second.status).toBe(304);
  });

  it("compresses with brotli or gzip as the client accepts", async () => {
    const br = await get("/en", { "accept-encoding": "gzip, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gz = await get("/en", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toContain("<html");
  });

  it("caches hashed assets for a year, immutably", async () => {
    const html = await (await get("/en")).text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await get(asset as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toContain("text/javascript");
  });
});

describe("the app shell", () => {
  const pages = ["teams/t1", "teams/t1/members", "teams/t1/billing", "teams/invitations/i1", "admin/users/u1", "admin/teams/t1"];
  it.each(["en", "de"].flatMap((lang) => pages.map((page) => [lang, page])))(
    "answers /%s/%s in that language: its title, its catalog and its texts",
    async (lang, page) => {
      const res = await get(`/${lang}/${page}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toMatch(/<head>.*<title>Recruiting CRM<\/title>.*<\/head>/s);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      const common = JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8"));
      const embedded = html.match(/<script id="i18n-resources" type="application\/json">(.*?)<\/script>/s)?.[1];
      expect(JSON.parse(embedded ?? "{}")).toEqual({ common });
      expect(html).toContain(`<span class="sr-only">${common.loading}</span>`);
    },
  );

  it("is not served under its file name", async () => {
    expect((await get("/de/app-shell.html")).status).toBe(404);
  });
});

describe("every page's raw HTML", () => {
  // What an HTML checker reads before any script runs: each page, prerendered or the app shell with an id
  // in its address, names itself in the head.
  const paths = LANGUAGES.flatMap((lang) => [
    ...PAGES.map((page) => localizedPath(lang, page.path)),
    ...APP_SHELL_PAGES.map((page) => localizedPath(lang, page.path.replace(/:[A-Za-z]+/g, "x1"))),
  ]);
  it.each(paths)("%s has a title in its head", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<head>.*<title>[^<\s][^<]*<\/title>.*<\/head>/s);
  });
});

describe("not found", () => {
  it.each([
    ["/en/no-such-page", "en", "Page not found"],
    ["/de/gibt-es-nicht", "de", "Seite nicht gefunden"],
    ["/en/404", "en", "Page not found"],
  ])("%s is a real 404 page in %s", async (path, lang, heading) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(heading);
  });

  it("uses the visitor's language for paths without one", async () => {
    const res = await get("/nothing-here", { "accept-language": "de" });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<html lang="de">');
  });

  it("answers an unknown language prefix with 404", async () => {
    expect((await get("/fr/terms")).status).toBe(404);
  });

  it("answers unknown API routes with JSON", async () => {
    const res = await server.fetch("/api/nothing", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found", code: "not_found" });
  });

  it("refuses other methods on pages with JSON", async () => {
    const res = await server.fetch("/en", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expect((await res.json()).message).toBeTruthy();
  });
});

describe("security headers", () => {
  it.each(["/en", "/de/terms", "/en/nope", "/favicon.svg", "/healthz", "/locales/en/common.json", "/api/nothing"])(
    "are on %s",
    async (path) => {
      const res = await get(path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-request-id")).toBeTruthy();
      // Plain http here; HSTS is only sent when BASE_URL is https.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    },
  );

  it("are on a page answered 304 from its ETag, with the page's policy", async () => {
    const etag = (await get("/en")).headers.get("etag") ?? "";
    const res = await get("/en", { "if-none-match": etag });
    expect(res.status).toBe(304);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("lets a file run nothing: resources get the closed policy", async () => {
    const res = await get("/favicon.svg");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("allows only hashed inline scripts on pages", async () => {
    const res = await get("/en");
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)];
    const { createHash } = await import("node:crypto");
    for (const m of inline) {
      expect(scriptSrc).toContain(
        `'sha256-${createHash("sha256")
          .update(m[1] ?? "")
          .digest("base64")}'`,
      );
    }
  });
});

describe("service files", () => {
  it("reports health with the database checked", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("serves robots.txt pointing at the sitemap", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(text).toContain("Disallow: /en/dashboard");
  });

  it("lists the public pages of both languages with hreflang alternates in the sitemap", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    for (const path of ["/en", "/de", "/en/privacy-policy", "/de/terms", "/de/imprint"]) {
      expect(xml).toContain(`<loc>${server.url}${path}</loc>`);
    }
    expect(xml).not.toContain("/sign-in");
    expect(xml).toContain(`hreflang="de-AT" href="${server.url}/de"`);
  });

  it("serves translation catalogs as JSON", async () => {
    const res = await get("/locales/de/common.json");
    expect(res.status).toBe(200);
    expect((await res.json()).notFound.heading).toBe("Seite nicht gefunden");
  });

  it.each(["/locales/fr/common.json", "/locales/en/nope.json", "/locales/en/..%2F..%2Fpackage.json"])(
    "answers %s with a 404 JSON",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).message).toBeTruthy();
    },
  );

  it("refuses API bodies over the size limit with 413 JSON", async () => {
    const res = await server.fetch("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/too large/);
  });
});

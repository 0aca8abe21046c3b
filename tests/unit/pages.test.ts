import { existsSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGES } from "../../core/languages";
import type * as Pages from "../../core/pages";
import type { PageDef } from "../../core/pages";

const BASE = "https://example.test";

/** Two pages that exist only in this test: each list derived from PAGES must pick them up. */
const ADDED: PageDef[] = [
  { path: "careers", key: "careers", robots: "index, follow", audience: "public", file: "routes/public/terms.tsx" },
  { path: "settings", key: "settings", robots: "noindex, nofollow", audience: "account", file: "routes/account/dashboard.tsx" },
];

const localized = (lang: string, p: string) => (p ? `/${lang}/${p}` : `/${lang}`);

/** Loads everything that reads PAGES, with PAGES extended by `added`, and collects what each produces. */
async function load(added: PageDef[]) {
  vi.resetModules();
  vi.doMock("../../core/pages", async (importOriginal) => {
    const real = await importOriginal<typeof Pages>();
    return { ...real, PAGES: [...real.PAGES, ...added] };
  });
  const { PAGES, APP_SHELL_PAGES, NOT_FOUND_PATH } = await import("../../core/pages");
  const routes: RouteConfigEntry[] = (await import("../../app/routes")).default;
  const config = (await import("../../react-router.config")).default;
  const { seoRoutes } = await import("../../server/routes/seo");
  const { registerPages } = await import("../../server/http/pages");

  const seo = seoRoutes(BASE);
  const robots = await (await seo.request("/robots.txt")).text();
  const sitemap = await (await seo.request("/sitemap.xml")).text();
  const prerender = (config.prerender as () => string[])();

  // The server with a prerendered file for every prerendered path and the app shell.
  const html = { body: Buffer.from("<html></html>"), etag: '"x"', type: "text/html; charset=utf-8", scriptHashes: [] };
  const files = new Map(prerender.map((p) => [`${p}/index.html`, html]));
  for (const lang of LANGUAGES) files.set(`/${lang}/app-shell.html`, html);
  const server = new Hono();
  registerPages(server, { files, analytics: false });

  const langRoute = routes.find((r) => r.path === ":lang");
  const layout = langRoute?.children?.find((r) => r.file === "routes/public/layout.tsx");
  return { PAGES, APP_SHELL_PAGES, NOT_FOUND_PATH, robots, sitemap, prerender, server, langRoute, layout };
}

afterEach(() => {
  vi.doUnmock("../../core/pages");
  vi.resetModules();
});

describe.each([
  ["the product's pages", [] as PageDef[]],
  ["the product's pages and two added ones", ADDED],
])("every page gets its route, prerender, sitemap and robots entries from PAGES: %s", (_name, added) => {
  it("has a route: public pages inside the public layout before the not-found route, account pages beside it", async () => {
    const { PAGES, APP_SHELL_PAGES, langRoute, layout } = await load(added);
    expect(PAGES.length).toBeGreaterThan(added.length);
    for (const page of PAGES) {
      const siblings = (page.audience === "public" ? layout?.children : langRoute?.children) ?? [];
      const match = siblings.find((r) => r.file === page.file && (page.path ? r.path === page.path : r.index === true));
      expect(match, page.key).toBeDefined();
    }
    expect(layout?.children?.at(-1)).toMatchObject({ path: "*", file: "routes/public/not-found.tsx" });
    for (const shell of APP_SHELL_PAGES) expect(langRoute?.children).toContainEqual(expect.objectContaining(shell));
    const routed = (langRoute?.children ?? []).flatMap((r) => (r === layout ? (layout.children ?? []) : [r]));
    expect(routed).toHaveLength(PAGES.length + APP_SHELL_PAGES.length + 1);
  });

  it("is prerendered in every language, next to each language's not-found page", async () => {
    const { PAGES, NOT_FOUND_PATH, prerender } = await load(added);
    const expected = LANGUAGES.flatMap((lang) => [...PAGES.map((p) => localized(lang, p.path)), localized(lang, NOT_FOUND_PATH)]);
    expect(prerender).toEqual(expected);
  });

  it("is in the sitemap in every language when public, and not otherwise", async () => {
    const { PAGES, sitemap } = await load(added);
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = PAGES.filter((p) => p.audience === "public").flatMap((p) => LANGUAGES.map((l) => `${BASE}${localized(l, p.path)}`));
    expect(locs).toEqual(expected);
  });

  it("is disallowed in robots.txt in every language when it asks not to be followed", async () => {
    const { PAGES, robots } = await load(added);
    const disallowed = robots
      .split("\n")
      .filter((l) => l.startsWith("Disallow: "))
      .map((l) => l.slice("Disallow: ".length));
    const expected = LANGUAGES.flatMap((l) => PAGES.filter((p) => p.robots === "noindex, nofollow").map((p) => localized(l, p.path)));
    expect(disallowed).toEqual([...expected, "/api/"]);
  });

  it("is served by the server in every language, and the client routes get the app shell", async () => {
    const { PAGES, APP_SHELL_PAGES, server } = await load(added);
    for (const lang of LANGUAGES) {
      for (const page of PAGES) expect((await server.request(localized(lang, page.path))).status, `${lang} ${page.key}`).toBe(200);
      for (const shell of APP_SHELL_PAGES) {
        const url = localized(lang, shell.path.replace(/:[^/]+/g, "some-id"));
        expect((await server.request(url)).status, url).toBe(200);
      }
    }
    for (const page of added) {
      const res = await server.request(`/${page.path}`);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(`/en/${page.path}`);
    }
  });
});

describe("PAGES", () => {
  it("names route modules that exist", async () => {
    const { PAGES, APP_SHELL_PAGES } = await import("../../core/pages");
    for (const page of [...PAGES, ...APP_SHELL_PAGES])
      expect(existsSync(path.join(import.meta.dirname, "../../app", page.file)), page.file).toBe(true);
  });

  it("gives robots.txt the same lines as before it was derived from PAGES, with the consent screen", async () => {
    const { seoRoutes } = await import("../../server/routes/seo");
    expect(await (await seoRoutes(BASE).request("/robots.txt")).text()).toBe(
      [
        "User-agent: *",
        "Disallow: /en/sign-up",
        "Disallow: /en/sign-in",
        "Disallow: /en/sign-in/sso",
        "Disallow: /en/forgot-password",
        "Disallow: /en/legal-consent",
        "Disallow: /en/account-deleted",
        "Disallow: /en/dashboard",
        "Disallow: /en/account",
        "Disallow: /en/account/security",
        "Disallow: /en/account/api-keys",
        "Disallow: /en/account/data-export",
        "Disallow: /en/teams",
        "Disallow: /en/oauth/consent",
        "Disallow: /en/admin",
        "Disallow: /en/admin/users",
        "Disallow: /en/admin/subscriptions",
        "Disallow: /en/admin/contact-requests",
        "Disallow: /en/admin/audit-log",
        "Disallow: /en/admin/teams",
        "Disallow: /en/admin/apps",
        "Disallow: /de/sign-up",
        "Disallow: /de/sign-in",
        "Disallow: /de/sign-in/sso",
        "Disallow: /de/forgot-password",
        "Disallow: /de/legal-consent",
        "Disallow: /de/account-deleted",
        "Disallow: /de/dashboard",
        "Disallow: /de/account",
        "Disallow: /de/account/security",
        "Disallow: /de/account/api-keys",
        "Disallow: /de/account/data-export",
        "Disallow: /de/teams",
        "Disallow: /de/oauth/consent",
        "Disallow: /de/admin",
        "Disallow: /de/admin/users",
        "Disallow: /de/admin/subscriptions",
        "Disallow: /de/admin/contact-requests",
        "Disallow: /de/admin/audit-log",
        "Disallow: /de/admin/teams",
        "Disallow: /de/admin/apps",
        "Disallow: /api/",
        "",
        `Sitemap: ${BASE}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });

  it("redirects the same language-less paths as before: every page but the landing page and forgot-password", async () => {
    const { PAGES } = await import("../../core/pages");
    const { registerPages } = await import("../../server/http/pages");
    const server = new Hono();
    registerPages(server, { files: new Map(), analytics: false });
    const redirected: string[] = [];
    for (const page of PAGES.filter((p) => p.path)) {
      if ((await server.request(`/${page.path}`)).status === 301) redirected.push(page.path);
    }
    expect(redirected).toEqual([
      "privacy-policy",
      "imprint",
      "terms",
      "developers",
      "sign-up",
      "sign-in",
      "dashboard",
      "account",
      "account/security",
      "account/api-keys",
      "teams",
      "admin",
      "admin/users",
      "admin/subscriptions",
      "admin/contact-requests",
      "admin/audit-log",
      "admin/teams",
      "admin/apps",
    ]);
  });
});

import { Hono } from "hono";
import { LANGUAGES } from "../../core/languages.js";
import { disallowedInRobots, inSitemap, localizedPath, PAGES } from "../../core/pages.js";
import { alternates, pageUrl } from "../../core/site-urls.js";

/**
 * robots.txt (disallowing the pages that ask not to be followed) and a sitemap of the public pages in
 * both languages with hreflang alternates, both from PAGES.
 */
export function seoRoutes(baseUrl: string) {
  const app = new Hono();
  const robots = [
    "User-agent: *",
    ...LANGUAGES.flatMap((l) => PAGES.filter(disallowedInRobots).map((p) => `Disallow: ${localizedPath(l, p.path)}`)),
    "Disallow: /api/",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
  const urls = PAGES.filter(inSitemap).flatMap((page) =>
    LANGUAGES.map((lang) => {
      const links = alternates(page.path, baseUrl)
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${a.href}"/>`)
        .join("\n");
      return `  <url>\n    <loc>${pageUrl(lang, page.path, baseUrl)}</loc>\n${links}\n  </url>`;
    }),
  );
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  app.get("/robots.txt", (c) => c.text(robots, 200, { "Cache-Control": "public, max-age=3600" }));
  app.get("/sitemap.xml", (c) =>
    c.body(sitemap, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  );
  return app;
}

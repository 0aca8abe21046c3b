import { expect, test } from "./fixtures";

/** Metadata must be in the prerendered HTML itself, for crawlers that do not run JavaScript. */
async function rawHtml(request: import("@playwright/test").APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  return res.text();
}

const meta = (html: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];

test.describe("page metadata in the raw HTML", () => {
  test("the English landing page has title, description, keywords, canonical, hreflang, social tags and JSON-LD", async ({
    request,
    baseURL,
  }) => {
    const html = await rawHtml(request, "/en");
    expect(html).toContain("<title>LinkedIn to CRM integration for recruiters | Recruiting CRM</title>");
    expect(meta(html, "name", "description")).toMatch(/Chrome extension/);
    expect(meta(html, "name", "keywords")).toMatch(/recruiting CRM/);
    expect(meta(html, "name", "robots")).toBe("index, follow");
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/en"/>`);
    const hreflangs = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(hreflangs).toEqual([
      ["en", `${baseURL}/en`],
      ["de", `${baseURL}/de`],
      ["en-US", `${baseURL}/en`],
      ["en-GB", `${baseURL}/en`],
      ["de-DE", `${baseURL}/de`],
      ["de-AT", `${baseURL}/de`],
      ["de-CH", `${baseURL}/de`],
      ["x-default", `${baseURL}/en`],
    ]);
    expect(meta(html, "property", "og:locale")).toBe("en_US");
    expect(meta(html, "property", "og:type")).toBe("website");
    expect(meta(html, "property", "og:image")).toBe(`${baseURL}/og-image.png`);
    expect(meta(html, "name", "twitter:card")).toBe("summary_large_image");

    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ""));
    const app = blocks.find((b) => b["@type"] === "SoftwareApplication");
    expect(app).toMatchObject({
      applicationCategory: "BusinessApplication",
      operatingSystem: "Chrome",
      offers: { "@type": "Offer", price: "0", priceCurrency: "EUR" },
    });
    const org = blocks.find((b) => b["@type"] === "Organization");
    expect(org).toMatchObject({ address: { addressLocality: "Hamburg", addressCountry: "DE" } });
    expect(org.sameAs).toHaveLength(3);
  });

  test("the German landing page is described in German with the de_DE social locale", async ({ request, baseURL }) => {
    const html = await rawHtml(request, "/de");
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("<title>LinkedIn-CRM-Integration für Recruiter | Recruiting CRM</title>");
    expect(meta(html, "property", "og:locale")).toBe("de_DE");
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/de"/>`);
    expect(html).toMatch(/"inLanguage":"de"/);
  });

  for (const page of ["privacy-policy", "imprint", "terms"]) {
    test(`/${page} is not indexed but has its canonical and alternates`, async ({ request, baseURL }) => {
      const html = await rawHtml(request, `/de/${page}`);
      expect(meta(html, "name", "robots")).toBe("noindex, follow");
      expect(html).toContain(`<link rel="canonical" href="${baseURL}/de/${page}"/>`);
      expect(html).toContain(`hrefLang="x-default" href="${baseURL}/en/${page}"`);
      expect(html).not.toContain("application/ld+json");
    });
  }

  test("the social image is a 1200×630 PNG", async ({ request }) => {
    const res = await request.get("/og-image.png");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    const body = await res.body();
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

test("the legal pages carry their sections and the last-updated footer", async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false })),
  );
  await page.goto("/de/privacy-policy");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "1. Einleitung",
    "2. Welche Daten wir erheben",
    "3. Hinweis zur Rolle als Plattformanbieter",
    "4. Europäischer Datenschutz (DSGVO)",
  ]);
  await expect(page.getByText("Zuletzt aktualisiert: Mai 2025")).toBeVisible();

  await page.goto("/en/terms");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "1. Introduction",
    "2. Definitions",
    "3. Platform as a Service",
    "4. Account Registration and Security",
    "5. User Conduct",
  ]);
  await expect(page.getByText(/Accounts created by bots/)).toBeVisible();
  await page.getByText("Last Updated: May 2025").scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Back to top" }).first().click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto("/de/imprint");
  await expect(page.getByText("Das Impressum ist nur auf Englisch verfügbar.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Legal Notice");
  for (const heading of ["Commercial register", "VAT identification number", "Liability for content", "Liability for links", "Copyright"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.getByText(/Hamburg/).first()).toBeVisible();
});

test("hydration keeps a single set of metadata with the published origin", async ({ page, baseURL }) => {
  await page.goto("/de");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const head = await page.evaluate(() => ({
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute("href")),
    ogUrl: [...document.querySelectorAll('meta[property="og:url"]')].map((m) => m.getAttribute("content")),
    titles: document.querySelectorAll("title").length,
    jsonLd: document.querySelectorAll('script[type="application/ld+json"]').length,
  }));
  expect(head).toEqual({ canonical: [`${baseURL}/de`], ogUrl: [`${baseURL}/de`], titles: 1, jsonLd: 2 });
});

import type { Language } from "../../core/languages";
import { EXTENSION_STORE_PATH } from "../../core/oauth";
import { pageUrl, SITE_ORIGIN_PLACEHOLDER } from "../../core/site-urls";
import { SITE } from "./config";

let browserOrigin: string | undefined;

/**
 * The origin the site is published under. Prerendered HTML carries a placeholder that the server
 * replaces with BASE_URL; in the browser the page's canonical link tells the same origin, so the
 * metadata React renders on hydration matches the HTML instead of adding a second set.
 */
export function siteOrigin(): string {
  if (typeof document === "undefined") return SITE_ORIGIN_PLACEHOLDER;
  if (!browserOrigin) {
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    browserOrigin = canonical ? new URL(canonical).origin : window.location.origin;
  }
  return browserOrigin;
}

/** A page's address on this site (see `pageUrl`). */
export function sitePageUrl(lang: Language, path: string): string {
  return pageUrl(lang, path, siteOrigin());
}

/** Open Graph locale: de_DE for German, en_US otherwise. */
export function ogLocale(lang: Language): string {
  return lang === "de" ? "de_DE" : "en_US";
}

export function absoluteUrl(path: string, origin = siteOrigin()): string {
  return `${origin}${path}`;
}

/** Page metadata; unset fields take the defaults of PageMeta. */
export interface PageMetadata {
  title: string;
  description: string;
  canonicalUrl: string;
  ogImage: string;
  ogType: "website" | "article";
  robots: string;
  lang: Language;
  keywords?: string;
  structuredData?: readonly Record<string, unknown>[];
}

/** The structured data of the landing page: the extension as a free app, and its publisher. */
export function landingStructuredData(opts: { lang: Language; name: string; description: string }): Record<string, unknown>[] {
  const origin = siteOrigin();
  const { company } = SITE;
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name: SITE.name,
    legalName: company.legalName,
    url: `${origin}/`,
    logo: absoluteUrl("/favicon.svg"),
    email: company.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.street,
      postalCode: company.postalCode,
      addressLocality: company.city,
      addressCountry: company.countryCode,
    },
    sameAs: Object.values(SITE.social),
  };
  const application = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: opts.name,
    description: opts.description,
    inLanguage: opts.lang,
    url: sitePageUrl(opts.lang, ""),
    image: absoluteUrl(SITE.ogImagePath),
    applicationCategory: "BusinessApplication",
    operatingSystem: "Chrome",
    installUrl: absoluteUrl(EXTENSION_STORE_PATH),
    offers: { "@type": "Offer", price: "0", priceCurrency: "EUR" },
    publisher: { "@id": `${origin}/#organization` },
  };
  return [application, organization];
}

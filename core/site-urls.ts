import type { Language } from "./languages";

/**
 * Prerendered pages are built before the deployment's address is known; they carry this origin,
 * which the server replaces with BASE_URL when it loads the pages.
 */
export const SITE_ORIGIN_PLACEHOLDER = "https://site-origin.invalid";

/** hreflang variants of every page; x-default points to English. */
const VARIANTS: readonly [hreflang: string, lang: Language][] = [
  ["en", "en"],
  ["de", "de"],
  ["en-US", "en"],
  ["en-GB", "en"],
  ["de-DE", "de"],
  ["de-AT", "de"],
  ["de-CH", "de"],
  ["x-default", "en"],
];

/** A page's address in a language; `path` is the part after the language prefix. */
export function pageUrl(lang: Language, path: string, origin: string): string {
  return `${origin}/${lang}${path ? `/${path}` : ""}`;
}

/** The page's addresses in every hreflang variant, for link tags and the sitemap. */
export function alternates(path: string, origin: string) {
  return VARIANTS.map(([hreflang, lang]) => ({ hreflang, href: pageUrl(lang, path, origin) }));
}

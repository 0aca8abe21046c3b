import type { Language } from "../i18n/languages";
import { SITE_ORIGIN_PLACEHOLDER } from "./config";

/** hreflang variants of SPEC section 9; x-default points to English. */
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

export function pageUrl(lang: Language, path: string, origin = SITE_ORIGIN_PLACEHOLDER): string {
  return `${origin}/${lang}${path ? `/${path}` : ""}`;
}

export function alternates(path: string, origin = SITE_ORIGIN_PLACEHOLDER) {
  return VARIANTS.map(([hreflang, lang]) => ({ hreflang, href: pageUrl(lang, path, origin) }));
}

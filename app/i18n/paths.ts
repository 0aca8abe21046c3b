import { isLanguage, type Language, languageOfPath } from "../../core/languages";

/**
 * Adds the current language prefix to an internal link unless it already has one.
 * Hash-only links and external URLs are returned unchanged.
 */
export function localizedHref(href: string, lang: Language): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  if (languageOfPath(href)) return href;
  if (href === "/") return `/${lang}`;
  return `/${lang}${href}`;
}

/** The same page in another language: replaces or adds the leading language segment. */
export function switchLanguagePath(pathname: string, lang: Language): string {
  const segments = pathname.split("/").filter(Boolean);
  if (isLanguage(segments[0])) segments.shift();
  return segments.length ? `/${lang}/${segments.join("/")}` : `/${lang}`;
}

export function pathWithoutLanguage(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  if (isLanguage(segments[0])) segments.shift();
  return segments.join("/");
}

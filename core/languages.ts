/**
 * The product's languages and the one rule that picks a visitor's language, used by the pages,
 * the browser's start-up and the server (redirects, API messages, mails).
 */
export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** Cookie that remembers the visitor's language for about one year. */
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language named by the first path segment, if any. */
export function languageOfPath(pathname: string): Language | undefined {
  const first = pathname.split("/")[1];
  return isLanguage(first) ? first : undefined;
}

/** The remembered language in a Cookie header (or `document.cookie`); other values are discarded. */
export function languageOfCookie(cookie: string | null | undefined): Language | undefined {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie ?? "")?.[1];
  return isLanguage(value) ? value : undefined;
}

/** Picks en or de from an Accept-Language header by quality; undefined when it names neither. */
export function languageOfAcceptHeader(acceptLanguage: string | null | undefined): Language | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q ? Number(q) : 1, index };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return languageOfTags(ranked.map((e) => e.tag));
}

/** The first supported language among browser language tags ("de-AT" counts as de). */
export function languageOfTags(tags: readonly (string | undefined)[]): Language | undefined {
  for (const tag of tags) {
    const lng = tag?.toLowerCase().split("-")[0];
    if (isLanguage(lng)) return lng;
  }
  return undefined;
}

/**
 * The detection order: an explicit choice (the URL's language, or the page's language header on
 * an API call), then the cookie, then the browser's languages, then English.
 */
export function resolveLanguage(sources: { explicit?: string | null; cookie?: string | null; browser?: Language | undefined }): Language {
  if (isLanguage(sources.explicit)) return sources.explicit;
  return languageOfCookie(sources.cookie) ?? sources.browser ?? DEFAULT_LANGUAGE;
}

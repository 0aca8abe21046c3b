import type { i18n as I18n } from "i18next";
import { fetchBackend } from "./fetch-backend";
import { createI18n } from "./i18n";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, type Language } from "./languages";
import { languageOfPath } from "./paths";

let instance: I18n | undefined;

/** Detection order of SPEC section 9: path segment, cookie, browser language; fallback en. */
export function detectLanguage(): Language {
  const fromPath = languageOfPath(window.location.pathname);
  if (fromPath) return fromPath;
  const fromCookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  if (isLanguage(fromCookie)) return fromCookie;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lng = tag?.toLowerCase().split("-")[0];
    if (isLanguage(lng)) return lng;
  }
  return DEFAULT_LANGUAGE;
}

export function rememberLanguage(lang: Language) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * The browser's i18next: starts from the translations embedded in a prerendered page and loads
 * further namespaces from /locales with i18next's retry policy (5xx or no status: 5 retries from
 * 350 ms, doubling; 4xx: not retried).
 */
export function clientI18n(lang: Language, embedded: Record<string, unknown> | undefined): I18n {
  instance ??= createI18n(
    lang,
    embedded ? { [lang]: embedded as never } : {},
    {
      partialBundledLanguages: true,
      maxRetries: 5,
      retryTimeout: 350,
    },
    [fetchBackend((lng, ns) => `/locales/${lng}/${ns}.json`)],
  );
  return instance;
}

/** Makes `lang` active with `namespaces` loaded; called by route loaders before rendering. */
export async function ensureTranslations(lang: Language, namespaces: string[]) {
  const i18n = instance;
  if (!i18n) return;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  await i18n.loadNamespaces(namespaces);
}

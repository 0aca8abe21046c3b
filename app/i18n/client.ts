import type { i18n as I18n } from "i18next";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  type Language,
  languageOfPath,
  languageOfTags,
  resolveLanguage,
} from "../../core/languages";
import { fetchBackend } from "./fetch-backend";
import { CATALOG_RETRY, createI18n } from "./i18n";

let instance: I18n | undefined;

/** The page's language: path segment, cookie, browser languages, then English. */
export function detectLanguage(): Language {
  return resolveLanguage({
    explicit: languageOfPath(window.location.pathname),
    cookie: document.cookie,
    browser: languageOfTags(navigator.languages ?? [navigator.language]),
  });
}

export function rememberLanguage(lang: Language) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * The browser's i18next: starts from the translations embedded in a prerendered page and loads
 * further namespaces from /locales, retried as CATALOG_RETRY says.
 */
export function clientI18n(lang: Language, embedded: Record<string, unknown> | undefined): I18n {
  instance ??= createI18n(lang, embedded ? { [lang]: embedded as never } : {}, { partialBundledLanguages: true, ...CATALOG_RETRY }, [
    fetchBackend((lng, ns) => `/locales/${lng}/${ns}.json`),
  ]);
  return instance;
}

/** Makes `lang` active with `namespaces` loaded; called by route loaders before rendering. */
export async function ensureTranslations(lang: Language, namespaces: string[]) {
  const i18n = instance;
  if (!i18n) return;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  await i18n.loadNamespaces(namespaces);
}

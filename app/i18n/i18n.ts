import i18next, { type i18n as I18n, type InitOptions, type Module } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../core/languages";

/** Namespaces every page needs. Routes add their own through `handle.i18n`. */
/** How the browser retries a catalog that did not load: a 5xx or no answer 5 times from 350 ms, doubling; a 4xx never. */
export const CATALOG_RETRY = { maxRetries: 5, retryTimeout: 350 } as const;

export const BASE_NAMESPACES = ["common"] as const;

export const baseOptions: InitOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: "languageOnly",
  ns: [...BASE_NAMESPACES],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
};

export function createI18n(lang: Language, resources: InitOptions["resources"], extra: InitOptions = {}, plugins: Module[] = []): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  for (const plugin of plugins) instance.use(plugin);
  void instance.init({ ...baseOptions, ...extra, lng: lang, resources, initAsync: false });
  return instance;
}

/** Namespaces named by the matched routes' `handle.i18n`, plus the base ones. */
export function namespacesOf(matches: readonly { handle?: unknown }[]): string[] {
  const set = new Set<string>(BASE_NAMESPACES);
  for (const m of matches) {
    const ns = (m.handle as { i18n?: string[] } | undefined)?.i18n;
    for (const n of ns ?? []) set.add(n);
  }
  return [...set];
}

/** Id of the inline JSON data block carrying a prerendered page's translations. */
export const RESOURCES_SCRIPT_ID = "i18n-resources";

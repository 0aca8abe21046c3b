import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "../app/i18n/languages.js";
import { LOCALES_DIR } from "./paths.js";

export { LOCALES_DIR };

/** Reads every catalog once: { en: { common: {...}, email: {...} }, de: {...} }. */
export function readCatalogs(dir = LOCALES_DIR): Record<Language, Record<string, unknown>> {
  const out = {} as Record<Language, Record<string, unknown>>;
  for (const lng of LANGUAGES) {
    out[lng] = {};
    for (const file of readdirSync(path.join(dir, lng))) {
      if (file.endsWith(".json")) out[lng][file.slice(0, -5)] = JSON.parse(readFileSync(path.join(dir, lng, file), "utf8"));
    }
  }
  return out;
}

const server = i18next.createInstance();
void server.init({
  resources: readCatalogs() as never,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ["contact", "email", "errors"],
  defaultNS: "errors",
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Server-side translation for mails and API messages, from the same catalogs as the pages. */
export function serverT(lng: string | undefined): TFunction {
  return server.getFixedT(isLanguage(lng) ? lng : DEFAULT_LANGUAGE);
}

/** The language of an API request: the page's language header, then cookie, then Accept-Language. */
export function requestLanguage(headers: Headers): Language {
  const explicit = headers.get("x-language") ?? headers.get("content-language");
  if (isLanguage(explicit)) return explicit;
  const cookie = /(?:^|;\s*)lang=(en|de)\b/.exec(headers.get("cookie") ?? "")?.[1];
  if (isLanguage(cookie)) return cookie;
  return preferredLanguage(headers.get("accept-language"));
}

/** Picks en or de from an Accept-Language header by quality, defaulting to en. */
export function preferredLanguage(acceptLanguage: string | null): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { lng: tag.toLowerCase().split("-")[0], q: q ? Number(q) : 1, index };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((e) => e.lng).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

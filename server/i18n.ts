import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, languageOfAcceptHeader, resolveLanguage } from "../core/languages.js";
import { LOCALES_DIR } from "./paths.js";

/** Reads every catalog once: { en: { common: {...}, email: {...} }, de: {...} }. */
function readCatalogs(dir = LOCALES_DIR): Record<Language, Record<string, unknown>> {
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
  ns: ["account", "api", "auth", "billing", "contact", "email", "errors", "operator", "phone", "teams"],
  defaultNS: "errors",
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * One translation function per language. The catalogs never change while the server runs, so a key
 * asked for without options always gives the same text: it is looked up once. i18next's lookup was
 * most of the cost of rendering a contact request's two mails on the request path.
 */
const translators = new Map<Language, TFunction>(
  LANGUAGES.map((lng) => {
    const fixed = server.getFixedT(lng);
    const plain = new Map<string, string>();
    const t = (key: string | string[], ...rest: unknown[]) => {
      if (rest.some((arg) => arg !== undefined) || typeof key !== "string")
        return (fixed as unknown as (...args: unknown[]) => string)(key, ...rest);
      let text = plain.get(key);
      if (text === undefined) {
        text = fixed(key);
        plain.set(key, text);
      }
      return text;
    };
    return [lng, t as unknown as TFunction];
  }),
);

/** Server-side translation for mails and API messages, from the same catalogs as the pages. */
export function serverT(lng: string | undefined): TFunction {
  return translators.get(isLanguage(lng) ? lng : DEFAULT_LANGUAGE) as TFunction;
}

/** The language of an API request: the page's language header, then cookie, then Accept-Language. */
export function requestLanguage(headers: Headers): Language {
  return resolveLanguage({
    explicit: headers.get("x-language") ?? headers.get("content-language"),
    cookie: headers.get("cookie"),
    browser: languageOfAcceptHeader(headers.get("accept-language")),
  });
}

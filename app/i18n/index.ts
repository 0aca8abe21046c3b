// The language helpers the pages use, as one module so a page loads them as one file. The i18next
// set-up (client.ts, i18n.ts, fetch-backend.ts) is imported by the entry modules directly.
export { LanguageSwitcher } from "./language-switcher";
export { LocalizedLink } from "./localized-link";
export { localizedHref, pathWithoutLanguage, switchLanguagePath } from "./paths";
export { useLanguage } from "./use-language";

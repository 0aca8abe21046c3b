import type { i18n as I18n } from "i18next";
import { useEffect } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { isLanguage, type Language } from "../../core/languages";
import { rememberLanguage } from "../i18n/client";
import { NotFoundPage } from "./public/not-found";

const scoped = new WeakMap<I18n, Map<Language, I18n>>();

/**
 * One i18next view per language sharing the same catalogs. Switching language swaps the view
 * instead of mutating global state during render; missing catalogs suspend the new page until loaded.
 */
function i18nFor(base: I18n, lang: Language): I18n {
  let byLang = scoped.get(base);
  if (!byLang) {
    byLang = new Map();
    scoped.set(base, byLang);
  }
  let instance = byLang.get(lang);
  if (!instance) {
    instance = base.language === lang ? base : base.cloneInstance({ lng: lang });
    byLang.set(lang, instance);
  }
  return instance;
}

/** The `:lang` segment: every page below it renders in that language. */
export default function LanguageRoute() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const valid = isLanguage(lang);
  useEffect(() => {
    if (valid) rememberLanguage(lang);
  }, [lang, valid]);
  if (!valid) return <NotFoundPage />;
  return (
    <I18nextProvider i18n={i18nFor(i18n, lang)}>
      <Outlet />
    </I18nextProvider>
  );
}

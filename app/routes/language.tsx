import { use, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { rememberLanguage } from "../i18n/client";
import { isLanguage, type Language } from "../i18n/languages";
import { NotFoundPage } from "./public/not-found";

const switching = new Map<Language, Promise<unknown>>();

/** The `:lang` segment: switches i18next to it (suspending until its catalogs are loaded). */
export default function LanguageRoute() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const valid = isLanguage(lang);
  useEffect(() => {
    if (valid) rememberLanguage(lang);
  }, [lang, valid]);
  if (!valid) return <NotFoundPage />;
  if (i18n.language !== lang) {
    let pending = switching.get(lang);
    if (!pending) {
      pending = i18n.changeLanguage(lang).finally(() => switching.delete(lang));
      switching.set(lang, pending);
    }
    use(pending);
  }
  return <Outlet />;
}

import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/language-switcher";
import { LocalizedLink } from "../../components/localized-link";

/** Site header and footer around the public pages. */
export default function PublicLayout() {
  const { t } = useTranslation("common");
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {t("skipToContent")}
      </a>
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between p-4">
          <LocalizedLink to="/" className="font-semibold">
            {t("brand")}
          </LocalizedLink>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200">
        <nav aria-label={t("brand")} className="mx-auto flex max-w-6xl flex-wrap gap-4 p-4 text-sm">
          <LocalizedLink to="/terms">{t("pages.terms.title").split(" | ")[0]}</LocalizedLink>
          <LocalizedLink to="/privacy-policy">{t("pages.privacyPolicy.title").split(" | ")[0]}</LocalizedLink>
          <LocalizedLink to="/imprint">{t("pages.imprint.title").split(" | ")[0]}</LocalizedLink>
        </nav>
      </footer>
    </>
  );
}

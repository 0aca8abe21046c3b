import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher, LocalizedLink } from "../../i18n";
import { Copyright, Logo, SkipLink } from "../../ui";
import { openCookieSettings } from "../consent/consent-store";

/** The header of every signed-in page: the logo home, the language switch and what the page adds (the user menu). */
export function DashboardHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation("dashboard");
  return (
    <header className="border-b border-slate-200 bg-white">
      <SkipLink />
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <LocalizedLink to="/dashboard" className="shrink-0 rounded-md text-slate-900" aria-label={t("logoHome")}>
          {/* On a phone the language switch and the user menu need the room: the mark stands for the name. */}
          <Logo nameClassName="max-[28rem]:sr-only" />
        </LocalizedLink>
        <div className="flex min-w-0 items-center gap-3">
          <LanguageSwitcher />
          {children}
        </div>
      </div>
    </header>
  );
}

export function DashboardFooter() {
  const { t } = useTranslation("dashboard");
  const link = "text-slate-700 underline-offset-4 hover:underline";
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-slate-700">
        <nav aria-label={t("footer.home")}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <LocalizedLink to="/terms" className={link}>
                {t("footer.terms")}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/privacy-policy" className={link}>
                {t("footer.privacy")}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/imprint" className={link}>
                {t("footer.imprint")}
              </LocalizedLink>
            </li>
            <li>
              <button type="button" onClick={openCookieSettings} className={link}>
                {t("footer.cookies")}
              </button>
            </li>
            <li>
              <LocalizedLink to="/" className={link}>
                {t("footer.home")}
              </LocalizedLink>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-1 text-slate-600 sm:flex-row sm:justify-between">
          <Copyright />
          <p>{t("footer.poweredBy")}</p>
        </div>
      </div>
    </footer>
  );
}

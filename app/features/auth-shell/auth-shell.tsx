import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher, LocalizedLink } from "../../i18n";
import { Logo, SkipLink } from "../../ui";

/** The frame of the sign-in screens: a skip link, brand and language switcher, and a centred card; no site header or footer. */
export function AuthShell({ topLeft, children }: { topLeft?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-blue-50 to-white">
      {/* Not a site header (the sign-in screens have none): the way home and the language, as navigation. */}
      <nav aria-label={t("shellNav")} className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-4">
        <SkipLink />
        {topLeft ?? (
          <LocalizedLink to="/" className="shrink-0 rounded-md text-slate-900">
            <Logo />
          </LocalizedLink>
        )}
        <LanguageSwitcher />
      </nav>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:pt-10">
        <div className="w-full max-w-md overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}

import type { ReactNode } from "react";
import { LanguageSwitcher, LocalizedLink } from "../../i18n";
import { Logo, SkipLink } from "../../ui";

/** The frame of the sign-in screens: a skip link, brand and language switcher, and a centred card; no site header or footer. */
export function AuthShell({ topLeft, children }: { topLeft?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-blue-50 to-white">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-4">
        <SkipLink />
        {topLeft ?? (
          <LocalizedLink to="/" className="shrink-0 rounded-md text-slate-900">
            <Logo />
          </LocalizedLink>
        )}
        <LanguageSwitcher />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:pt-10">
        <div className="w-full max-w-md overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { LanguageSwitcher, LocalizedLink, localizedHref, useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { DashboardFooter, DashboardHeader } from "../dashboard/dashboard-chrome";
import { UserMenu } from "../user-menu/user-menu";

/** The account pages, in the order of their navigation. */
const SECTIONS = [
  { to: "/account", key: "nav.profile" },
  { to: "/account/security", key: "nav.security" },
] as const;

/**
 * The frame of the account pages: the account header (logo to the dashboard, language switch, user
 * menu), a way back to the dashboard, the navigation between the account pages and the page itself.
 */
export function AccountLayout({
  session,
  title,
  intro,
  children,
}: {
  session: Session;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("account");
  const lang = useLanguage();
  const link =
    "block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800";
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <DashboardHeader>
        <div className="flex items-center gap-3">
          <LanguageSwitcher />
          <UserMenu session={session} />
        </div>
      </DashboardHeader>
      <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 md:flex-row">
        <div className="md:w-52 md:shrink-0">
          <LocalizedLink to="/dashboard" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
            ← {t("backToDashboard")}
          </LocalizedLink>
          <nav aria-label={t("nav.label")} className="mt-4">
            <ul className="flex gap-1 md:flex-col">
              {SECTIONS.map((s) => (
                <li key={s.to}>
                  <NavLink to={localizedHref(s.to, lang)} end className={link}>
                    {t(s.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <main id="main" className="min-w-0 flex-1 space-y-6">
          <div>
            <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
            <p className="mt-1 text-slate-600">{intro}</p>
          </div>
          {children}
        </main>
      </div>
      <DashboardFooter />
    </div>
  );
}

/** A titled card on an account page; each feature of a page is one. */
export function AccountSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

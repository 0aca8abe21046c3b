import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { LocalizedLink, localizedHref, useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { Breakable } from "../../ui/breakable";
import { UserMenu } from "../user-menu/user-menu";
import { DashboardFooter, DashboardHeader } from "./dashboard-chrome";

/**
 * An area of signed-in pages: the translation namespace its labels come from (`backToDashboard`,
 * `nav.label`, each page's `key`, and `eyebrowKey` for a line above the heading) and its pages in
 * the order of its navigation.
 */
export interface Area {
  namespace: string;
  sections: readonly {
    to: string;
    key: string;
    /** Current only on exactly this path (otherwise also on the paths below it). */
    end?: boolean;
  }[];
  eyebrowKey?: string;
  /** Tables need the wider frame. */
  wide?: boolean;
}

/** What a page of an area gives its frame. */
export interface AreaPageProps {
  session: Session;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of an area of signed-in pages (the account, the operator console): the dashboard's
 * header with the language switch and the user menu, a way back to the dashboard, the area's
 * navigation between its pages, and the page with its heading.
 */
export function AreaLayout({ area, session, title, intro, children }: AreaPageProps & { area: Area }) {
  const { t } = useTranslation(area.namespace);
  const eyebrow = area.eyebrowKey && t(area.eyebrowKey);
  const lang = useLanguage();
  const link =
    "block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800";
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <DashboardHeader>
        <UserMenu session={session} />
      </DashboardHeader>
      <div className={`mx-auto flex w-full ${area.wide ? "max-w-6xl" : "max-w-5xl"} flex-1 flex-col gap-6 px-4 py-8 md:flex-row`}>
        <div className="md:w-52 md:shrink-0">
          {/* The way back belongs to the area's navigation (every content sits in a landmark). */}
          <nav aria-label={t("nav.label")}>
            <LocalizedLink to="/dashboard" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
              ← {t("backToDashboard")}
            </LocalizedLink>
            <ul className="mt-4 flex flex-wrap gap-1 md:flex-col">
              {area.sections.map((s) => (
                <li key={s.to}>
                  <NavLink to={localizedHref(s.to, lang)} end={s.end ?? true} className={link}>
                    {t(s.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <main id="main" className="min-w-0 flex-1 space-y-6">
          <div>
            {eyebrow && <p className="text-sm font-medium text-slate-600">{eyebrow}</p>}
            <h1 className="text-3xl font-bold text-slate-900">
              <Breakable text={title} />
            </h1>
            {intro && <div className="mt-1 text-slate-600">{intro}</div>}
          </div>
          {children}
        </main>
      </div>
      <DashboardFooter />
    </div>
  );
}

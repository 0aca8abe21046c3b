import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { LanguageSwitcher, LocalizedLink, localizedHref, useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { UserMenu } from "../user-menu/user-menu";
import { DashboardFooter, DashboardHeader } from "./dashboard-chrome";

export interface AreaSection {
  to: string;
  label: string;
  /** Current only on exactly this path (otherwise also on the paths below it). */
  end?: boolean;
}

/**
 * The frame of an area of signed-in pages (the account, the operator console): the dashboard's
 * header with the language switch and the user menu, a way back to the dashboard, the area's
 * navigation between its pages, and the page with its heading.
 */
export function AreaLayout({
  session,
  backLabel,
  navLabel,
  sections,
  eyebrow,
  title,
  intro,
  wide = false,
  children,
}: {
  session: Session;
  backLabel: string;
  navLabel: string;
  sections: readonly AreaSection[];
  /** A line above the heading naming the area. */
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** Tables need the wider frame. */
  wide?: boolean;
  children: ReactNode;
}) {
  const lang = useLanguage();
  const link =
    "block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800";
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <DashboardHeader>
        <div className="flex items-center gap-3">
          <LanguageSwitcher />
          <UserMenu session={session} />
        </div>
      </DashboardHeader>
      <div className={`mx-auto flex w-full ${wide ? "max-w-6xl" : "max-w-5xl"} flex-1 flex-col gap-6 px-4 py-8 md:flex-row`}>
        <div className="md:w-52 md:shrink-0">
          {/* The way back belongs to the area's navigation (every content sits in a landmark). */}
          <nav aria-label={navLabel}>
            <LocalizedLink to="/dashboard" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
              ← {backLabel}
            </LocalizedLink>
            <ul className="mt-4 flex flex-wrap gap-1 md:flex-col">
              {sections.map((s) => (
                <li key={s.to}>
                  <NavLink to={localizedHref(s.to, lang)} end={s.end ?? true} className={link}>
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <main id="main" className="min-w-0 flex-1 space-y-6">
          <div>
            {eyebrow && <p className="text-sm font-medium text-slate-600">{eyebrow}</p>}
            <h1 className="break-words text-3xl font-bold text-slate-900">{title}</h1>
            {intro && <div className="mt-1 text-slate-600">{intro}</div>}
          </div>
          {children}
        </main>
      </div>
      <DashboardFooter />
    </div>
  );
}

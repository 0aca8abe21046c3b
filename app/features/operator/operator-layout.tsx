import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useNavigate } from "react-router";
import { isOperator } from "../../../core/operator";
import { LanguageSwitcher, LocalizedLink, localizedHref, useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { RequireSession } from "../../identity/require-session";
import { PageSpinner } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { DashboardFooter, DashboardHeader } from "../dashboard/dashboard-chrome";
import { UserMenu } from "../user-menu/user-menu";
import type { Load } from "./use-load";

const SECTIONS = [
  { to: "/admin", key: "nav.overview", end: true },
  { to: "/admin/users", key: "nav.users", end: false },
  { to: "/admin/subscriptions", key: "nav.subscriptions", end: true },
  { to: "/admin/contact-requests", key: "nav.contactRequests", end: true },
  { to: "/admin/audit-log", key: "nav.auditLog", end: true },
] as const;

/** Renders the console for operators; anyone else signed in goes to the dashboard. */
export function RequireOperator({ children }: { children: (session: Session) => ReactNode }) {
  return <RequireSession>{(session) => <OperatorGate session={session}>{children}</OperatorGate>}</RequireSession>;
}

function OperatorGate({ session, children }: { session: Session; children: (session: Session) => ReactNode }) {
  const navigate = useNavigate();
  const lang = useLanguage();
  const allowed = isOperator(session.user as { role?: string | null });
  useEffect(() => {
    if (!allowed) navigate(`/${lang}/dashboard`, { replace: true });
  }, [allowed, navigate, lang]);
  return allowed ? children(session) : <PageSpinner />;
}

/** The console's frame: header with the user menu, the console's navigation, the page. */
export function OperatorLayout({
  session,
  title,
  intro,
  children,
}: {
  session: Session;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("operator");
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
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 md:flex-row">
        <div className="md:w-48 md:shrink-0">
          <LocalizedLink to="/dashboard" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
            ← {t("backToDashboard")}
          </LocalizedLink>
          <nav aria-label={t("nav.label")} className="mt-4">
            <ul className="flex flex-wrap gap-1 md:flex-col">
              {SECTIONS.map((s) => (
                <li key={s.to}>
                  <NavLink to={localizedHref(s.to, lang)} end={s.end} className={link}>
                    {t(s.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <main id="main" className="min-w-0 flex-1 space-y-6">
          <div>
            <p className="text-sm font-medium text-slate-600">{t("console")}</p>
            <h1 className="break-words text-3xl font-bold text-slate-900">{title}</h1>
            {intro && <p className="mt-1 text-slate-600">{intro}</p>}
          </div>
          {children}
        </main>
      </div>
      <DashboardFooter />
    </div>
  );
}

/** A titled card of a console page. */
export function OperatorSection({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A spinner while loading; the server's message (or the console's own) when loading failed. */
export function LoadState({ load }: { load: Load<unknown> }) {
  const { t } = useTranslation("operator");
  if (load.state === "loading") return <PageSpinner />;
  if (load.state === "failed") return <FormAlert>{load.message || t("errors.loadFailed")}</FormAlert>;
  return null;
}

/** Dates and times in the page's language. */
export function useDateTime() {
  const lang = useLanguage();
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (iso: string) => format.format(new Date(iso));
}

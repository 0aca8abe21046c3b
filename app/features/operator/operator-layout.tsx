import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isOperator } from "../../../core/operator";
import type { Load } from "../../api/use-load";
import { useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { RequireSession } from "../../identity/require-session";
import { PageSpinner } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { type Area, AreaLayout, type AreaPageProps } from "../area/area-layout";

/** The console's area: its labels are in the operator namespace, its tables want the wide frame. */
const OPERATOR_AREA: Area = {
  namespace: "operator",
  sections: [
    { to: "/admin", key: "nav.overview", end: true },
    { to: "/admin/users", key: "nav.users", end: false },
    { to: "/admin/teams", key: "nav.teams", end: false },
    { to: "/admin/apps", key: "nav.apps", end: true },
    { to: "/admin/subscriptions", key: "nav.subscriptions", end: true },
    { to: "/admin/contact-requests", key: "nav.contactRequests", end: true },
    { to: "/admin/audit-log", key: "nav.auditLog", end: true },
  ],
  eyebrowKey: "console",
  wide: true,
};

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

/** The console's frame: the area layout with the console's navigation. */
export function OperatorLayout(props: AreaPageProps) {
  return <AreaLayout area={OPERATOR_AREA} {...props} />;
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

/** A record's facts as a list of terms and values, in two columns from the small breakpoint on. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
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

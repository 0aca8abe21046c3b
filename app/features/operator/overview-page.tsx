import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DAILY_FIGURES, type OperatorDaily, type OperatorOverview, type OverviewRange } from "../../../core/operator";
import { operatorApi } from "../../api/operator";
import { useLoad } from "../../api/use-load";
import type { Session } from "../../identity/client";
import { Column, ConsoleTable } from "./console-list";
import { DailyChart, FIGURE_COLOURS } from "./daily-chart";
import { LoadState, OperatorLayout } from "./operator-layout";

const FIGURES: (keyof OperatorOverview)[] = ["users", "newUsers30Days", "teams", "activeSubscriptions", "trialing", "contactRequests"];

/** /{lang}/admin: the product's figures at a glance, and how they went day by day. */
export function OverviewPage({ session }: { session: Session }) {
  const { t, i18n } = useTranslation("operator");
  const [load] = useLoad("overview", operatorApi.overview);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <OperatorLayout session={session} title={t("overview.title")} intro={t("overview.intro")}>
      <LoadState load={load} />
      {load.state === "loaded" && (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FIGURES.map((key) => (
            <div key={key} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <dt className="text-sm text-slate-600">{t(`overview.${key}`)}</dt>
              <dd className="mt-1 text-3xl font-bold text-slate-900">{number.format(load.data[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      <DailyFigures />
    </OperatorLayout>
  );
}

/** The per-day figures for the range in the address (?days=30|90): a chart and the same numbers as a table. */
function DailyFigures() {
  const { t, i18n } = useTranslation("operator");
  const [params, setParams] = useSearchParams();
  const days: OverviewRange = params.get("days") === "90" ? 90 : 30;
  const [load] = useLoad(`daily-${days}`, () => operatorApi.daily(days));
  const names = useMemo(() => Object.fromEntries(DAILY_FIGURES.map((f) => [f, t(`overview.daily.${f}`)])), [t]) as Record<
    (typeof DAILY_FIGURES)[number],
    string
  >;
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const choose = (range: OverviewRange) => {
    const next = new URLSearchParams(params);
    if (range === 30) next.delete("days");
    else next.set("days", String(range));
    setParams(next, { replace: true });
  };
  return (
    <section aria-labelledby="daily-heading" className="mt-8 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="daily-heading" className="text-xl font-semibold text-slate-900">
            {t("overview.daily.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("overview.daily.timeZone")}</p>
        </div>
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t("overview.daily.range")}</legend>
          {([30, 90] as const).map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              onClick={() => choose(range)}
              className={`rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                days === range ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              }`}
            >
              {t("overview.daily.lastDays", { count: range })}
            </button>
          ))}
        </fieldset>
      </div>
      <LoadState load={load} />
      {load.state === "loaded" && (
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            {DAILY_FIGURES.map((f) => (
              <li key={f} className="inline-flex items-center gap-2">
                <span aria-hidden="true" className="inline-block h-1 w-5 rounded" style={{ background: FIGURE_COLOURS[f] }} />
                {names[f]}
              </li>
            ))}
          </ul>
          <DailyChart daily={load.data} names={names} label={t("overview.daily.chartLabel", { count: load.data.days })} />
          <DailyTable daily={load.data} dayLabel={dayLabel} names={names} />
        </div>
      )}
    </section>
  );
}

function DailyTable({
  daily,
  dayLabel,
  names,
}: {
  daily: OperatorDaily;
  dayLabel: (day: string) => string;
  names: Record<(typeof DAILY_FIGURES)[number], string>;
}) {
  const { t } = useTranslation("operator");
  // Newest first: the day an operator looks for most.
  const rows = [...daily.series].reverse();
  return (
    <ConsoleTable
      id="daily"
      phone="scroll"
      caption={t("overview.daily.tableCaption", { count: daily.days })}
      head={
        <>
          <Column>{t("overview.daily.day")}</Column>
          {DAILY_FIGURES.map((f) => (
            <Column key={f}>{names[f]}</Column>
          ))}
        </>
      }
    >
      {rows.map((d) => (
        <tr key={d.day} className="border-b border-slate-100 last:border-0">
          <th scope="row" className="whitespace-nowrap py-1.5 pr-3 font-normal text-slate-700">
            {dayLabel(d.day)}
          </th>
          {DAILY_FIGURES.map((f) => (
            <td key={f} className="py-1.5 pr-3 tabular-nums text-slate-900">
              {d[f]}
            </td>
          ))}
        </tr>
      ))}
    </ConsoleTable>
  );
}

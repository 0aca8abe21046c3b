import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type OperatorSubscription, SUBSCRIPTION_STATUSES, TRIAL_ENDING_DAYS } from "../../../core/operator";
import { operatorApi } from "../../api/operator";
import { LocalizedLink, useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { ExternalLink } from "../../ui";
import { LoadState, OperatorLayout, useDateTime } from "./operator-layout";
import { Pager } from "./pager";
import { useLoad } from "./use-load";

/** An amount in a currency's smallest unit, in the page's language: "€20.00", "20,00 €". */
function useMoney() {
  const lang = useLanguage();
  return (amount: number, currency: string) =>
    new Intl.NumberFormat(lang, { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/** /{lang}/admin/subscriptions: every stored subscription, by status, with the figures that matter. */
export function SubscriptionsPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const status = SUBSCRIPTION_STATUSES.find((s) => s === params.get("status"));
  const trialsEnding = params.get("trialsEnding") === "1";
  const [load] = useLoad(params.toString(), () =>
    operatorApi.subscriptions({ status, trialsEnding: trialsEnding ? "1" : undefined, page }),
  );
  const money = useMoney();
  const when = useDateTime();
  const filter = (next: Record<string, string>) => setParams(next);
  const tab = (active: boolean) =>
    `whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${active ? "bg-blue-700 text-white ring-blue-700" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"}`;

  return (
    <OperatorLayout session={session} title={t("subscriptions.title")} intro={t("subscriptions.intro")}>
      <LoadState load={load} />
      {load.state === "loaded" && (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <dt className="text-sm text-slate-600">{t("subscriptions.mrr")}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">
                {load.data.figures.monthlyRecurringRevenue.length
                  ? load.data.figures.monthlyRecurringRevenue.map((m) => money(m.amount, m.currency)).join(" · ")
                  : money(0, "eur")}
              </dd>
            </div>
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <dt className="text-sm text-slate-600">{t("subscriptions.trialsEnding", { days: TRIAL_ENDING_DAYS })}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">{load.data.figures.trialsEnding}</dd>
            </div>
          </dl>
          <nav aria-label={t("subscriptions.filter")} className="flex flex-wrap gap-2">
            <button
              type="button"
              className={tab(!status && !trialsEnding)}
              aria-pressed={!status && !trialsEnding}
              onClick={() => filter({})}
            >
              {t("subscriptions.all")}
            </button>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <button key={s} type="button" className={tab(status === s)} aria-pressed={status === s} onClick={() => filter({ status: s })}>
                {t(`subscriptionStatuses.${s}`)} ({load.data.figures.counts[s]})
              </button>
            ))}
            <button type="button" className={tab(trialsEnding)} aria-pressed={trialsEnding} onClick={() => filter({ trialsEnding: "1" })}>
              {t("subscriptions.endingSoon", { days: TRIAL_ENDING_DAYS })} ({load.data.figures.trialsEnding})
            </button>
          </nav>
          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            {load.data.total === 0 ? (
              <p className="text-slate-700">{t("subscriptions.empty")}</p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
              <section className="relative overflow-x-auto" aria-labelledby="subscriptions-caption" tabIndex={0}>
                <table className="w-full min-w-[40rem] text-left text-sm">
                  <caption id="subscriptions-caption" className="pb-2 text-left text-sm text-slate-600">
                    {t("subscriptions.tableCaption", { total: load.data.total })}
                  </caption>
                  <thead className="border-b border-slate-200 text-slate-600">
                    <tr>
                      {(["user", "status", "price", "ends", "provider"] as const).map((c) => (
                        <th key={c} scope="col" className="py-2 pr-3 font-medium">
                          {t(`subscriptions.columns.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {load.data.items.map((s) => (
                      <SubscriptionRow
                        key={`${s.provider}-${s.id}`}
                        sub={s}
                        dashboard={load.data.stripeDashboard}
                        money={money}
                        when={when}
                      />
                    ))}
                  </tbody>
                </table>
              </section>
            )}
            <Pager
              page={load.data.page}
              total={load.data.total}
              pageSize={load.data.pageSize}
              onPage={(p) => {
                const next = new URLSearchParams(params);
                next.set("page", String(p));
                setParams(next);
              }}
            />
          </div>
        </>
      )}
    </OperatorLayout>
  );
}

function SubscriptionRow({
  sub,
  dashboard,
  money,
  when,
}: {
  sub: OperatorSubscription;
  dashboard: string | null;
  money: (amount: number, currency: string) => string;
  when: (iso: string) => string;
}) {
  const { t } = useTranslation("operator");
  const end = sub.status === "trialing" ? sub.trialEnd : sub.currentPeriodEnd;
  return (
    <tr className="border-b border-slate-100 align-top last:border-0">
      <td className="max-w-[16rem] py-2 pr-3">
        <LocalizedLink
          to={`/admin/users/${sub.userId}`}
          className="block truncate font-medium text-blue-800 underline-offset-4 hover:underline"
          title={sub.name}
        >
          {sub.name || sub.email}
        </LocalizedLink>
        <span className="block truncate text-slate-600" title={sub.email}>
          {sub.email}
        </span>
      </td>
      <td className="py-2 pr-3 text-slate-800">
        {t(`subscriptionStatuses.${sub.status}`, { defaultValue: sub.status })}
        {sub.cancelAtPeriodEnd && <span className="block text-xs text-amber-800">{t("subscriptions.ending")}</span>}
      </td>
      <td className="whitespace-nowrap py-2 pr-3 text-slate-800">
        {sub.price
          ? t(`subscriptions.per_${sub.price.interval}`, {
              amount: money(sub.price.unitAmount, sub.price.currency),
              defaultValue: money(sub.price.unitAmount, sub.price.currency),
            })
          : "—"}
      </td>
      <td className="whitespace-nowrap py-2 pr-3 text-slate-700">{end ? when(end) : "—"}</td>
      <td className="py-2 text-slate-700">
        {dashboard && sub.provider === "stripe" ? (
          <ExternalLink
            href={dashboard.replace("{id}", encodeURIComponent(sub.id))}
            newTab={t("subscriptions.newTab")}
            className="text-blue-800 underline-offset-4 hover:underline"
          >
            {t("subscriptions.openAtStripe")}
          </ExternalLink>
        ) : (
          t(`subscriptions.providers.${sub.provider}`, { defaultValue: sub.provider })
        )}
      </td>
    </tr>
  );
}

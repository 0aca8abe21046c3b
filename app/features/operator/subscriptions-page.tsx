import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type OperatorSubscription, SUBSCRIPTION_STATUSES, TRIAL_ENDING_DAYS } from "../../../core/operator";
import { operatorApi } from "../../api/operator";
import { useLoad } from "../../api/use-load";
import { LocalizedLink, useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { ExternalLink } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { Cell, Column, ConsoleList, usePageParam } from "./console-list";
import { LoadState, OperatorLayout, useDateTime } from "./operator-layout";

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
  const [page] = usePageParam();
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
          <ConsoleList
            id="subscriptions"
            list={load.data}
            empty={t("subscriptions.empty")}
            caption={t("subscriptions.tableCaption", { total: load.data.total })}
            head={(["user", "status", "price", "ends", "provider"] as const).map((c) => (
              <Column key={c}>{t(`subscriptions.columns.${c}`)}</Column>
            ))}
          >
            {load.data.items.map((s) => (
              <SubscriptionRow key={`${s.provider}-${s.id}`} sub={s} dashboard={load.data.stripeDashboard} money={money} when={when} />
            ))}
          </ConsoleList>
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
      <Cell label={t("subscriptions.columns.user")} className="max-w-[16rem]">
        <LocalizedLink to={`/admin/users/${sub.userId}`} className="block font-medium text-blue-800 underline-offset-4 hover:underline">
          <Breakable text={sub.name || sub.email} />
        </LocalizedLink>
        <Breakable className="block text-slate-600" text={sub.email} />
      </Cell>
      <Cell label={t("subscriptions.columns.status")} className="text-slate-800">
        {t(`subscriptionStatuses.${sub.status}`, { defaultValue: sub.status })}
        {sub.cancelAtPeriodEnd && <span className="block text-xs text-amber-800">{t("subscriptions.ending")}</span>}
      </Cell>
      <Cell label={t("subscriptions.columns.price")} className="whitespace-nowrap text-slate-800">
        {sub.price
          ? t(`subscriptions.per_${sub.price.interval}`, {
              amount: money(sub.price.unitAmount, sub.price.currency),
              defaultValue: money(sub.price.unitAmount, sub.price.currency),
            })
          : "—"}
      </Cell>
      <Cell label={t("subscriptions.columns.ends")} className="whitespace-nowrap text-slate-700">
        {end ? when(end) : "—"}
      </Cell>
      <Cell label={t("subscriptions.columns.provider")} className="text-slate-700">
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
      </Cell>
    </tr>
  );
}

import { useTranslation } from "react-i18next";
import type { OperatorOverview } from "../../../core/operator";
import { operatorApi } from "../../api/operator";
import type { Session } from "../../identity/client";
import { LoadState, OperatorLayout } from "./operator-layout";
import { useLoad } from "./use-load";

const FIGURES: (keyof OperatorOverview)[] = ["users", "newUsers30Days", "teams", "activeSubscriptions", "trialing", "contactRequests"];

/** /{lang}/admin: the product's figures at a glance. */
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
    </OperatorLayout>
  );
}

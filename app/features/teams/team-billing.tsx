import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanBadge, TeamBilling, TeamView } from "../../../core/api";
import { roleCan } from "../../../core/teams";
import { openBillingPortal } from "../../api/billing";
import { ApiRequestError } from "../../api/client";
import { fetchTeamBilling } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { Button, Spinner } from "../../ui";

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
const BADGE_COLORS: Record<PlanBadge["kind"], string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  current: "bg-blue-50 text-blue-900 ring-blue-200",
  trial: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  upcoming: "bg-violet-50 text-violet-900 ring-violet-200",
  canceled: "bg-amber-50 text-amber-900 ring-amber-200",
  expired: "bg-slate-100 text-slate-800 ring-slate-300",
  renewsAt: "bg-slate-50 text-slate-800 ring-slate-200",
  startsAt: "bg-slate-50 text-slate-800 ring-slate-200",
  requiresAction: "bg-red-50 text-red-800 ring-red-200",
};

/** /teams/{id}/billing: who pays for the team, the plans with their badges, and the billing portal. */
export function TeamBillingPage({ team }: { team: TeamView }) {
  const { t, i18n } = useTranslation("teams");
  const lang = useLanguage();
  // Without the billing permission the server refuses; the screen says so without asking it.
  const permitted = roleCan(team.role, { billing: ["manage"] });
  const [data, setData] = useState<TeamBilling | { refused: string } | null | undefined>(permitted ? undefined : { refused: "" });

  useEffect(() => {
    if (!permitted) return;
    let cancelled = false;
    fetchTeamBilling(team.id, lang).then(
      (answer) => !cancelled && setData(answer),
      (error) => !cancelled && setData(error instanceof ApiRequestError && error.status === 403 ? { refused: error.message } : null),
    );
    return () => {
      cancelled = true;
    };
  }, [team.id, lang, permitted]);

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" });
  const badge = (b: PlanBadge) => t(`billing.badges.${b.kind}`, { date: b.date ? date.format(new Date(b.date)) : "" });
  return (
    <section aria-labelledby="billing-title" className={card}>
      <h2 id="billing-title" className="text-lg font-semibold text-slate-900">
        {t("billing.title")}
      </h2>
      {data === undefined && <Spinner />}
      {data === null && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {t("billing.loadError")}
        </p>
      )}
      {data && "refused" in data && (
        <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {data.refused || t("billing.noPermission")}
        </p>
      )}
      {data && "plans" in data && (
        <div className="mt-4 space-y-5">
          <ul className="space-y-3" aria-label={t("billing.plans")}>
            {data.plans
              .filter((p) => p.badges.length > 0)
              .map((p) => (
                <li key={p.plan} className="rounded-xl border border-slate-200 p-4">
                  <p className="font-medium text-slate-900">{t(`billing.plan.${p.plan}`)}</p>
                  {p.badges.length > 0 && (
                    <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("billing.status", { plan: t(`billing.plan.${p.plan}`) })}>
                      {p.badges.map((b) => (
                        <li key={b.kind} className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${BADGE_COLORS[b.kind]}`}>
                          {badge(b)}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
          </ul>
          <p className="text-sm text-slate-700">{t("members.seats", { used: data.seats.used, limit: data.seats.limit })}</p>
          <div className="border-t border-slate-100 pt-4">
            <h3 className="font-medium text-slate-900">{t("billing.payerTitle")}</h3>
            {data.payer ? (
              <p className="mt-1 text-sm wrap-anywhere text-slate-700">
                {data.payer.isYou ? t("billing.payerYou") : t("billing.payer", { name: data.payer.name, email: data.payer.email })}
              </p>
            ) : (
              <p className="mt-1 text-sm text-slate-700">{t("billing.noPayer")}</p>
            )}
            <p className="mt-2 text-sm text-slate-600">{t("billing.payerRule")}</p>
            {data.canOpenPortal ? (
              <Button variant="strong" size="lg" className="mt-4" onClick={() => openBillingPortal(lang, team.id)}>
                {t("billing.portal")}
              </Button>
            ) : (
              data.payer &&
              !data.payer.isYou && <p className="mt-2 text-sm text-slate-600">{t("billing.portalPayerOnly", { name: data.payer.name })}</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

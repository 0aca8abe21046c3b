import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SecurityEvent } from "../../../core/security-log";
import { fetchSecurityEvents } from "../../api/account";
import { useLoad } from "../../api/use-load";
import { useLanguage } from "../../i18n";
import { Button, Spinner } from "../../ui";
import { Pager, pageCount } from "../../ui/pager";
import { AccountSection } from "../area/account-layout";

/**
 * The security page's "Recent security activity": every security change of the account with its
 * date, what it was, the device it came from and where (docs/decisions/088). Places are not looked
 * up: without an offline source the address is shown as the start of its keyed hash, which tells
 * addresses apart without revealing them.
 */
export function RecentActivitySection() {
  const { t } = useTranslation("security");
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const [log, reload] = useLoad(`security-events-${page}`, () => fetchSecurityEvents(page));
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });

  const what = (e: SecurityEvent) => {
    if (e.type === "operator_action") return t(`activity.operator.${e.subject ?? "other"}`, { defaultValue: t("activity.operator.other") });
    if (e.type === "second_factor_added" || e.type === "second_factor_removed") {
      return t(`activity.type.${e.type}`, { method: t(`activity.method.${e.subject === "sms" ? "sms" : "totp"}`) });
    }
    if (e.type === "connected_account_linked" || e.type === "connected_account_unlinked") {
      return t(`activity.type.${e.type}`, { provider: e.subject === "google" ? "Google" : (e.subject ?? "") });
    }
    return t(`activity.type.${e.type}`);
  };
  const device = (e: SecurityEvent) =>
    e.actor === "operator"
      ? t("activity.byOperator")
      : e.browser || e.os
        ? t("activity.device", { browser: e.browser ?? t("activity.unknownBrowser"), os: e.os ?? t("activity.unknownSystem") })
        : t("activity.unknownDevice");

  return (
    <AccountSection id="recent-activity" title={t("activity.title")} intro={t("activity.intro")}>
      {log.state === "loading" && <Spinner />}
      {log.state === "failed" && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          {t("activity.loadFailed")}
          <Button variant="secondary" size="sm" onClick={() => void reload()}>
            {t("activity.retry")}
          </Button>
        </div>
      )}
      {log.state === "loaded" && log.data.items.length === 0 && <p className="text-sm text-slate-600">{t("activity.none")}</p>}
      {log.state === "loaded" && log.data.items.length > 0 && (
        <>
          <ol className="divide-y divide-slate-100" aria-label={t("activity.listLabel")}>
            {log.data.items.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
                <time dateTime={e.at} className="shrink-0 text-sm text-slate-600 sm:w-44">
                  {when.format(new Date(e.at))}
                </time>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{what(e)}</p>
                  <p className="text-sm break-words text-slate-600">
                    {device(e)}
                    {e.addressHash && (
                      <>
                        {" · "}
                        {t("activity.address", { hash: e.addressHash })}
                      </>
                    )}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          <Pager
            page={page}
            pages={pageCount(log.data.total, log.data.pageSize)}
            onPage={setPage}
            label={t("activity.pages")}
            status={t("activity.page", { page, pages: pageCount(log.data.total, log.data.pageSize) })}
            previous={t("activity.previous")}
            next={t("activity.next")}
          />
        </>
      )}
    </AccountSection>
  );
}

import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { operatorApi } from "../../api/operator";
import type { Session } from "../../identity/client";
import { AuditTable } from "./audit-table";
import { LoadState, OperatorLayout } from "./operator-layout";
import { Pager } from "./pager";
import { useLoad } from "./use-load";

/** /{lang}/admin/audit-log: every operator action, newest first; nothing here changes an entry. */
export function AuditLogPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [load] = useLoad(String(page), () => operatorApi.auditLog(page));
  return (
    <OperatorLayout session={session} title={t("audit.title")} intro={t("audit.intro")}>
      <LoadState load={load} />
      {load.state === "loaded" && (
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          {load.data.total === 0 ? (
            <p className="text-slate-700">{t("audit.empty")}</p>
          ) : (
            <AuditTable entries={load.data.items} captionId="audit-caption" caption={t("audit.tableCaption")} />
          )}
          <Pager
            page={load.data.page}
            total={load.data.total}
            pageSize={load.data.pageSize}
            onPage={(p) => setParams({ page: String(p) })}
          />
        </div>
      )}
    </OperatorLayout>
  );
}

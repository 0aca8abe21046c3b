import { useTranslation } from "react-i18next";
import { operatorApi } from "../../api/operator";
import { useLoad } from "../../api/use-load";
import type { Session } from "../../identity/client";
import { AuditHead, AuditRows } from "./audit-table";
import { ConsoleList, usePageParam } from "./console-list";
import { LoadState, OperatorLayout } from "./operator-layout";

/** /{lang}/admin/audit-log: every operator action, newest first; nothing here changes an entry. */
export function AuditLogPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const [page] = usePageParam();
  const [load] = useLoad(String(page), () => operatorApi.auditLog(page));
  return (
    <OperatorLayout session={session} title={t("audit.title")} intro={t("audit.intro")}>
      <LoadState load={load} />
      {load.state === "loaded" && (
        <ConsoleList id="audit" list={load.data} empty={t("audit.empty")} caption={t("audit.tableCaption")} head={<AuditHead />}>
          <AuditRows entries={load.data.items} />
        </ConsoleList>
      )}
    </OperatorLayout>
  );
}

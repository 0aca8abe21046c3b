import { ConsentManager } from "../../features/consent/consent-manager";
import { AuditLogPage } from "../../features/operator/audit-log-page";
import { RequireOperator } from "../../features/operator/operator-layout";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["operator", "account", "dashboard", "consent"] };

export default function OperatorAuditLogPageRoute() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="operatorAuditLog" lang={lang} />
      <RequireOperator>{(session) => <AuditLogPage session={session} />}</RequireOperator>
      <ConsentManager banner={false} />
    </>
  );
}

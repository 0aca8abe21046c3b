import { ConsentManager } from "../../features/consent/consent-manager";
import { RequireOperator } from "../../features/operator/operator-layout";
import { OverviewPage } from "../../features/operator/overview-page";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["operator", "account", "dashboard", "consent"] };

export default function OperatorOverviewPageRoute() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="operatorOverview" lang={lang} />
      <RequireOperator>{(session) => <OverviewPage session={session} />}</RequireOperator>
      <ConsentManager banner={false} />
    </>
  );
}

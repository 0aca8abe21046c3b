import { ConsentManager } from "../../features/consent/consent-manager";
import { RequireOperator } from "../../features/operator/operator-layout";
import { SubscriptionsPage } from "../../features/operator/subscriptions-page";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["operator", "account", "dashboard", "consent"] };

export default function OperatorSubscriptionsPageRoute() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="operatorSubscriptions" lang={lang} />
      <RequireOperator>{(session) => <SubscriptionsPage session={session} />}</RequireOperator>
      <ConsentManager banner={false} />
    </>
  );
}

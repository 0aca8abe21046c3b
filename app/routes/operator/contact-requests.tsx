import { ConsentManager } from "../../features/consent/consent-manager";
import { ContactRequestsPage } from "../../features/operator/contact-requests-page";
import { RequireOperator } from "../../features/operator/operator-layout";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["operator", "account", "dashboard", "consent"] };

export default function OperatorContactRequestsPageRoute() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="operatorContactRequests" lang={lang} />
      <RequireOperator>{(session) => <ContactRequestsPage session={session} />}</RequireOperator>
      <ConsentManager banner={false} />
    </>
  );
}

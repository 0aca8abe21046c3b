import { ConsentManager } from "../../features/consent/consent-manager";
import { RequireOperator } from "../../features/operator/operator-layout";
import { UserPage } from "../../features/operator/user-page";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["operator", "account", "dashboard", "consent"] };

export default function OperatorUserPageRoute() {
  const lang = useLanguage();
  return (
    <>
      {/* A user's page belongs to the console's user list, and has its title. */}
      <PageMeta page="operatorUsers" lang={lang} />
      <RequireOperator>{(session) => <UserPage session={session} />}</RequireOperator>
      <ConsentManager banner={false} />
    </>
  );
}

import { ConsentManager } from "../../features/consent/consent-manager";
import { RequireOperator } from "../../features/operator/operator-layout";
import { UsersPage } from "../../features/operator/users-page";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["operator", "account", "dashboard", "consent"] };

export default function OperatorUsersPageRoute() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="operatorUsers" lang={lang} />
      <RequireOperator>{(session) => <UsersPage session={session} />}</RequireOperator>
      <ConsentManager banner={false} />
    </>
  );
}

import { AccountDeletedPage } from "../../features/security/account-deleted-page";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["security"] };

export default function AccountDeleted() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="accountDeleted" lang={lang} />
      <AccountDeletedPage />
    </>
  );
}
